import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { channelReadiness } from "@/lib/channels/channel-readiness";
import type { FailureReasonCode } from "@/lib/channels/failure-reasons";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { utcToLocal } from "@/lib/recurrence";
import { formatCivilDate } from "@/lib/recurrence/civil-date";
import { planHasCalls } from "@/lib/reminders/assert-calls-in-plan";
import type { LeasedDelivery, Outcome } from "./types";

type Refusal = Extract<Outcome, { kind: "failed" }> & {
  code: Extract<FailureReasonCode, "contact_stopped" | "contact_paused" | "contact_refused_channel">;
};

/** The contact's clock: their zone, else their phone's country's, else the lead person's. */
export function contactZone(d: LeasedDelivery): string {
  return recipientTimeZone({ timezone: d.contactTimezone, phone: d.phone }, d.userTimezone);
}

/**
 * Whether this delivery could go by `channel` as far as the contact and the workspace go: the
 * address, no opt-out (nor a suppressed address), WhatsApp's opt-in, a call's plan and a clip a
 * call can carry (not a video), and a channel this server can send in the message's language.
 */
export function canGoBy(d: LeasedDelivery, channel: DeliveryMethod): boolean {
  const reachable = {
    email: () => Boolean(d.email) && !d.emailOptOut && !d.emailSuppressed,
    sms: () => Boolean(d.phone) && !d.smsOptOut,
    whatsapp: () => Boolean(d.phone) && !d.whatsappOptOut && d.whatsappConsentAt !== null,
    call: () => Boolean(d.phone) && !d.callOptOut && d.media?.kind !== "video" && planHasCalls(d.planType),
  }[channel]();
  return reachable && channelReadiness(channel, d.contactLocale ?? d.locale).ready;
}

/**
 * The channel this step goes by under the contact's accepted channels, or null when it must not
 * be sent (docs/delivery.md#contact-preferences):
 * - a retry or takeover (its usage is reserved on the channel it has): that channel, if accepted;
 * - none chosen: the step's own channel;
 * - a reminder with a fallback chain: an accepted step goes by its own channel; a refused step is
 *   skipped while another step of the chain is accepted and usable (the chain is the sender's own
 *   choice of alternatives); when none is, its first step goes by the contact's first accepted
 *   channel that canGoBy, its later ones are skipped;
 * - a single channel: the contact's first accepted channel that canGoBy, in their order (a call
 *   only in place of a refused channel), else its own channel if they accept it.
 */
export function chosenChannel(d: LeasedDelivery): DeliveryMethod | null {
  const accepted = d.choices.acceptedChannels;
  if (d.attemptCount > 1) return !accepted || accepted.includes(d.channel) ? d.channel : null;
  if (!accepted) return d.requestedChannel;
  const requestedAccepted = accepted.includes(d.requestedChannel);
  if (d.chain.length > 1) {
    if (requestedAccepted) return d.requestedChannel;
    const chainGoesOn = d.chain.some((channel) => accepted.includes(channel) && canGoBy(d, channel));
    if (chainGoesOn || d.fallbackStep > 0) return null;
    return accepted.find((channel) => canGoBy(d, channel)) ?? null;
  }
  // A single channel: the contact's order decides, except that a call (three times the usage, and
  // a ringing phone) only ever replaces a channel they refuse, never one they accept.
  const preferred = accepted.find(
    (channel) => canGoBy(d, channel) && !(requestedAccepted && channel === "call"),
  );
  return preferred ?? (requestedAccepted ? d.requestedChannel : null);
}

/**
 * The contact's own refusals, before anything else about the channel is looked at: everything
 * stopped, an occurrence before the end of their pause (its local day in their zone), no channel
 * they accept that this step may use. Null when the step may go on (by chosenChannel's channel).
 * A lead reminder goes to the lead person: it has no contact choices.
 */
export function contactRefusal(d: LeasedDelivery, reserved: boolean): Refusal | null {
  const { choices } = d;
  const t = deliveryTranslator(d.locale);
  if (choices.stopped) {
    return { kind: "failed", error: t("errors.contactStopped"), code: "contact_stopped", refund: reserved };
  }
  if (choices.pausedUntil) {
    const day = formatCivilDate(utcToLocal(d.occurrenceAt.getTime(), contactZone(d)));
    if (day < choices.pausedUntil) {
      const error = t("errors.contactPaused", { date: choices.pausedUntil });
      return { kind: "failed", error, code: "contact_paused", refund: reserved };
    }
  }
  if (choices.acceptedChannels && chosenChannel(d) === null) {
    const names = new Intl.ListFormat(d.locale, { type: "conjunction" }).format(
      choices.acceptedChannels.map((channel) => t("errors.channelName", { channel })),
    );
    const refused = d.attemptCount > 1 ? d.channel : d.requestedChannel;
    const error = t("errors.contactRefusedChannel", { channel: refused, accepted: names });
    return { kind: "failed", error, code: "contact_refused_channel", refund: reserved };
  }
  return null;
}
