import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { capCalls } from "./cap-calls";
import { channelPreflight } from "./channel-preflight";
import { chosenChannel, contactRefusal, contactZone } from "./contact-choices";
import { paceSends } from "./pace-sends";
import { sendingHours, windowRelease } from "./quiet-hours";
import { reserveUsage } from "./reserve-usage";
import { usageUnits } from "@/lib/plans/usage-units";
import type { DecidedDelivery, LeasedDelivery } from "./types";

export interface LeaseResult {
  toSend: LeasedDelivery[];
  decided: DecidedDelivery[];
  /** Workspaces whose credit these reservations took under their auto-recharge threshold. */
  crossedThreshold: string[];
}

const dl = alias(deliveries, "dl");

/**
 * The channel each delivery goes by, where the contact's choices changed it: `requested_channel`
 * keeps the step's own (null again when the contact accepts it once more). In the lease
 * transaction, only for those rows: the common path writes nothing here.
 */
const SWITCH_CHANNELS = compileStatement<{
  ids: number[];
  from: Date;
  to: Date;
  channels: string[];
  requested: (string | null)[];
}>(
  // The span of the rows' partition keys (see record-outcomes): a Date drops microseconds.
  (p) => sql`update ${deliveries} ${dl}
      set ${columnName(dl.channel)} = v.channel, ${columnName(dl.requestedChannel)} = v.requested
     from unnest(${p.ids}::bigint[], ${p.channels}::text[], ${p.requested}::text[]) as v(id, channel, requested)
    where ${dl.id} = v.id and ${dl.id} = any(${p.ids}::bigint[])
      and ${dl.occurrenceAt} >= ${p.from}::timestamptz and ${dl.occurrenceAt} < ${p.to}::timestamptz`,
);

/** "HH:MM" of minutes after midnight (1440: "24:00"). */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * Checks that need no provider, in this order (docs/delivery.md#contact-preferences): cancelled,
 * answered on another step, the contact's stop, pause and accepted channels (which may put another
 * channel in the step's place: `d` then goes by it), no address, opted out, channel settings,
 * WhatsApp opt-in and template variables, a video reminder by call, then the hours: the contact's
 * own (every channel) and quiet hours of SMS and calls.
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
  const refusedByContact = contactRefusal(d, reserved);
  if (refusedByContact) return { delivery: d, outcome: refusedByContact };
  // contactRefusal passed: the chosen channel exists.
  d.channel = chosenChannel(d) ?? d.channel;
  const address = d.channel === "email" ? d.email : d.phone;
  if (!address) {
    const error = t("errors.noAddress", { channel: d.channel });
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
    const error = t("errors.optedOut", { channel: d.channel });
    return { delivery: d, outcome: { kind: "failed", error, code: "opted_out", refund: reserved } };
  }
  if (d.channel === "email" && d.emailSuppressed) {
    const error = t("errors.suppressed");
    return { delivery: d, outcome: { kind: "failed", error, code: "suppressed", refund: reserved } };
  }
  const refused = channelPreflight(d, reserved);
  if (refused) return { delivery: d, outcome: refused };
  const window = d.choices.window;
  const hours = sendingHours(d.channel, window);
  const until = hours && windowRelease(now, contactZone(d), hours);
  if (until) {
    const time = until.toISOString();
    const error = window
      ? t("errors.contactWindowHeld", { start: clock(window.start), end: clock(window.end), time })
      : t(d.channel === "call" ? "errors.callHeld" : "errors.held", { time });
    return {
      delivery: d,
      outcome: { kind: "held", until, error, ...(window ? { code: "contact_window" } : {}) },
    };
  }
  return null;
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
  const switched: LeasedDelivery[] = [];
  for (const d of leased) {
    const stored = d.channel;
    const verdict = preflight(d, now);
    if (d.channel !== stored) switched.push(d);
    if (verdict) decided.push(verdict);
    else candidates.push(d);
  }
  if (switched.length > 0) {
    const times = switched.map((d) => d.occurrenceAt.getTime());
    await SWITCH_CHANNELS.run(client, {
      ids: switched.map((d) => d.id),
      from: new Date(Math.min(...times)),
      to: new Date(Math.max(...times) + 1),
      channels: switched.map((d) => d.channel),
      requested: switched.map((d) => (d.channel === d.requestedChannel ? null : d.requestedChannel)),
    });
  }
  const paced = await paceSends(candidates, now);
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
