import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, deliveries, reminders, users } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { channelPreflight } from "./channel-preflight";
import { LEASE_MS } from "./constants";
import { c, cd, r, SENDING_COLUMNS, toLeased, u, type LeasedRow } from "./leased-row";
import { paceSends } from "./pace-sends";
import { quietHoursRelease } from "./quiet-hours";
import { reserveUsage } from "./reserve-usage";
import type { DecidedDelivery, LeasedDelivery } from "./types";

export interface LeaseOptions {
  workerId: string;
  now: Date;
  limit: number;
  /** Lease exactly these (send now, or the rows just materialized) rather than any ready. */
  ids?: number[];
  /** Rows this batch created already leased (materializeDue's `lease`): settled, not leased again. */
  fresh?: LeasedDelivery[];
}

const d = alias(deliveries, "d");

/** Queued or held rows whose time came, oldest first. */
const PICK_WAITING = compileStatement<{ now: Date; limit: number }, { id: string }>(
  (p) => sql`select ${deliveries.id} as id from ${deliveries}
    where ${deliveries.status} in ('queued', 'held') and ${deliveries.nextAttemptAt} <= ${p.now}
    order by ${deliveries.nextAttemptAt} limit ${p.limit} for update skip locked`,
);

/** 'sending' rows whose worker stopped renewing their lease. */
const PICK_EXPIRED = compileStatement<{ now: Date; limit: number }, { id: string }>(
  (p) => sql`select ${deliveries.id} as id from ${deliveries}
    where ${deliveries.status} = 'sending' and ${deliveries.leaseExpiresAt} < ${p.now}
    order by ${deliveries.leaseExpiresAt} limit ${p.limit} for update skip locked`,
);

/**
 * Leases the rows (status 'sending' for this worker until `until`, the attempt counted) and reads
 * what sending them needs. The contact and sender are the delivery's own.
 */
const LEASE = compileStatement<{ ids: number[]; workerId: string; until: Date; now: Date }, LeasedRow>(
  (p) => sql`update ${deliveries} ${d}
    set ${columnName(d.status)} = 'sending', ${columnName(d.workerId)} = ${p.workerId},
        ${columnName(d.leaseExpiresAt)} = ${p.until}, ${columnName(d.attemptCount)} = ${d.attemptCount} + 1,
        ${columnName(d.firstAttemptAt)} = coalesce(${d.firstAttemptAt}, ${p.now}),
        ${columnName(d.lastAttemptAt)} = ${p.now}, ${columnName(d.updatedAt)} = ${p.now}
    from ${reminders} ${r} left join ${contactDates} ${cd} on ${cd.id} = ${r.contactDateId},
         ${contacts} ${c}, ${users} ${u}
    where ${d.id} = any(${p.ids}::bigint[]) and ${r.id} = ${d.reminderId} and ${c.id} = ${d.contactId}
      and ${u.id} = ${d.userId}
    returning ${d.id} as id, ${d.reminderId} as reminder_id, ${d.userId} as user_id, ${d.channel} as channel,
      ${d.occurrenceAt} as occurrence_at, ${d.attemptCount} as attempt_count, ${d.slowedCount} as slowed_count,
      ${d.errorCode} as last_error_code, ${d.createdAt} as created_at, ${SENDING_COLUMNS},
      (${d.occurrenceAt} at time zone ${r.timezone})::date::text as occurrence_local_date`,
);

export interface LeaseResult {
  toSend: LeasedDelivery[];
  decided: DecidedDelivery[];
  /** Users whose credit these reservations took under their auto-recharge threshold. */
  crossedThreshold: string[];
}

/**
 * Checks that need no provider: cancelled, no address, opted out, channel settings, WhatsApp
 * opt-in and template variables, SMS quiet hours.
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
  const address = d.channel === "email" ? d.email : d.phone;
  if (!address) {
    const error = t("errors.noAddress", { channel: channelName(d.channel) });
    const code = d.channel === "email" ? "no_email" : "no_phone";
    return { delivery: d, outcome: { kind: "failed", error, code, refund: reserved } };
  }
  const optedOut = { email: d.emailOptOut, sms: d.smsOptOut, whatsapp: d.whatsappOptOut }[d.channel];
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
  if (d.channel === "sms") {
    const zone = recipientTimeZone({ timezone: d.contactTimezone, phone: d.phone }, d.userTimezone);
    const until = quietHoursRelease(now, zone);
    if (until) {
      const time = until.toISOString();
      return { delivery: d, outcome: { kind: "held", until, error: t("errors.held", { time }) } };
    }
  }
  return null;
}

function channelName(channel: DeliveryMethod): string {
  return { email: "e-mail", sms: "SMS", whatsapp: "WhatsApp" }[channel];
}

/** Ready rows: queued/held whose time came, and 'sending' ones whose worker stopped renewing. */
async function pickReady(
  client: pg.PoolClient,
  now: Date,
  limit: number,
): Promise<{ ids: number[]; expired: Set<number> }> {
  const ready = await PICK_WAITING.run(client, { now, limit });
  const ids = ready.rows.map((row) => Number(row.id));
  const expired = new Set<number>();
  if (ids.length < limit) {
    const taken = await PICK_EXPIRED.run(client, { now, limit: limit - ids.length });
    for (const row of taken.rows) {
      ids.push(Number(row.id));
      expired.add(Number(row.id));
    }
  }
  return { ids, expired };
}

/**
 * Takes the lease on up to `limit` ready deliveries for `workerId` (status 'sending', lease
 * until now + LEASE_MS, attempt counted), then settles those that must not be attempted and
 * reserves usage for first attempts, all in the caller's transaction.
 */
export async function leaseDeliveries(client: pg.PoolClient, options: LeaseOptions): Promise<LeaseResult> {
  const fresh = options.fresh ?? [];
  const room = options.limit - fresh.length;
  const picked = options.ids
    ? { ids: options.ids, expired: new Set<number>() }
    : room > 0
      ? await pickReady(client, options.now, room)
      : { ids: [], expired: new Set<number>() };
  const ids = picked.ids;
  if (ids.length === 0 && fresh.length === 0) return { toSend: [], decided: [], crossedThreshold: [] };
  const { rows } =
    ids.length === 0
      ? { rows: [] }
      : await LEASE.run(client, {
          ids,
          workerId: options.workerId,
          until: new Date(options.now.getTime() + LEASE_MS),
          now: options.now,
        });
  const decided: DecidedDelivery[] = [];
  const candidates: LeasedDelivery[] = [];
  const leased = rows.map((row) => {
    const d = toLeased(row);
    if (picked.expired.has(d.id)) d.takenOver = true;
    return d;
  });
  // Fresh rows are first attempts: the same checks, pacing and usage reservation as leased ones.
  for (const d of [...fresh, ...leased]) {
    const verdict = preflight(d, options.now);
    if (verdict) decided.push(verdict);
    else candidates.push(d);
  }
  // Each send gets a slot on its sender's shared budget; those beyond the horizon go back to
  // the queue before reserving anything.
  const paced = await paceSends(client, candidates, options.now);
  decided.push(...paced.deferred);
  // First attempts reserve usage; later ones (retries, takeovers) already hold theirs.
  const { refused, crossedThreshold } = await reserveUsage(
    client,
    paced.ready.filter((d) => d.attemptCount === 1).map((d) => ({ id: d.id, userId: d.userId })),
    options.now,
  );
  const toSend: LeasedDelivery[] = [];
  for (const d of paced.ready) {
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
