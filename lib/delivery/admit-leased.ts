import "server-only";
import type pg from "pg";
import type { DeliveryMethod } from "@/db/schema/enums";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { capCalls } from "./cap-calls";
import { channelPreflight } from "./channel-preflight";
import { paceSends } from "./pace-sends";
import { quietHoursRelease } from "./quiet-hours";
import { reserveUsage } from "./reserve-usage";
import { usageUnits } from "@/lib/plans/usage-units";
import type { DecidedDelivery, LeasedDelivery } from "./types";

export interface LeaseResult {
  toSend: LeasedDelivery[];
  decided: DecidedDelivery[];
  /** Workspaces whose credit these reservations took under their auto-recharge threshold. */
  crossedThreshold: string[];
}

/**
 * Checks that need no provider: cancelled, answered on another step, no address, opted out, channel settings, WhatsApp
 * opt-in and template variables, a video reminder by call, quiet hours of SMS and calls.
 */
function preflight(d: LeasedDelivery, now: Date): DecidedDelivery | null {
  const t = deliveryTranslator(d.locale);
  const reserved = d.attemptCount > 1;
  if (d.reminderStatus === "cancelled") {
    return {
      delivery: d,
      outcome: { kind: "failed", error: t("errors.cancelled"), code: "cancelled", refund: reserved },
    };
  }
  // A fallback step whose occurrence was answered on another step meanwhile is not needed.
  if (d.answeredEarlier) {
    return {
      delivery: d,
      outcome: {
        kind: "failed",
        error: t("errors.answeredEarlier"),
        code: "answered_earlier",
        refund: reserved,
      },
    };
  }
  const address = d.channel === "email" ? d.email : d.phone;
  if (!address) {
    const error = t("errors.noAddress", { channel: channelName(d.channel) });
    const code = d.channel === "email" ? "no_email" : "no_phone";
    return { delivery: d, outcome: { kind: "failed", error, code, refund: reserved } };
  }
  const optedOut = {
    email: d.emailOptOut,
    sms: d.smsOptOut,
    whatsapp: d.whatsappOptOut,
    call: d.callOptOut,
  }[d.channel];
  if (optedOut) {
    const error = t("errors.optedOut", { channel: channelName(d.channel) });
    return { delivery: d, outcome: { kind: "failed", error, code: "opted_out", refund: reserved } };
  }
  if (d.channel === "email" && d.emailSuppressed) {
    const error = t("errors.suppressed");
    return { delivery: d, outcome: { kind: "failed", error, code: "suppressed", refund: reserved } };
  }
  const refused = channelPreflight(d, reserved);
  if (refused) return { delivery: d, outcome: refused };
  if (d.channel === "sms" || d.channel === "call") {
    const zone = recipientTimeZone({ timezone: d.contactTimezone, phone: d.phone }, d.userTimezone);
    const until = quietHoursRelease(now, zone);
    if (until) {
      const time = until.toISOString();
      const error = t(d.channel === "call" ? "errors.callHeld" : "errors.held", { time });
      return { delivery: d, outcome: { kind: "held", until, error } };
    }
  }
  return null;
}

function channelName(channel: DeliveryMethod): string {
  return { email: "email", sms: "SMS", whatsapp: "WhatsApp", call: "phone call" }[channel];
}

/**
 * Decides, for deliveries this worker just leased, which are sent now: those that must not be
 * attempted are settled (preflight), each send gets a slot on its sender's shared budget (those
 * beyond the horizon go back to the queue before reserving anything), calls past the workspace's
 * daily cap are refused, and first attempts reserve usage on their workspace's plan (later ones,
 * retries and takeovers, already hold theirs). In the caller's transaction.
 */
export async function admitLeased(
  client: pg.PoolClient,
  leased: LeasedDelivery[],
  now: Date,
): Promise<LeaseResult> {
  const decided: DecidedDelivery[] = [];
  const candidates: LeasedDelivery[] = [];
  for (const d of leased) {
    const verdict = preflight(d, now);
    if (verdict) decided.push(verdict);
    else candidates.push(d);
  }
  const paced = await paceSends(client, candidates, now);
  decided.push(...paced.deferred);
  const capped = await capCalls(client, paced.ready, now);
  const admitted: LeasedDelivery[] = [];
  for (const d of paced.ready) {
    const over = capped.get(d.id);
    // Nothing was reserved on a first attempt yet; a retry gives back what its first one took.
    if (over) decided.push({ delivery: d, outcome: { kind: "failed", ...over, refund: d.attemptCount > 1 } });
    else admitted.push(d);
  }
  const { refused, crossedThreshold } = await reserveUsage(
    client,
    admitted
      .filter((d) => d.attemptCount === 1)
      .map((d) => ({
        id: d.id,
        workspaceId: d.workspaceId,
        locale: d.locale,
        units: usageUnits(d.channel),
        // A group member's first step draws on its occurrence's hold (all members or none).
        group:
          d.parentReminderId && d.fallbackStep === 0
            ? { reminderId: d.parentReminderId, occurrenceKey: d.occurrenceLocalDate }
            : undefined,
      })),
    now,
  );
  const toSend: LeasedDelivery[] = [];
  for (const d of admitted) {
    const reason = refused.get(d.id);
    if (reason)
      decided.push({
        delivery: d,
        outcome: { kind: "failed", error: reason.error, code: reason.code, refund: false },
      });
    else toSend.push(d);
  }
  return { toSend, decided, crossedThreshold };
}
