import "server-only";
import type pg from "pg";
import type { DeliveryMethod } from "@/db/schema/enums";
import { recipientTimeZone } from "@/lib/contacts/recipient-time-zone";
import { channelPreflight } from "./channel-preflight";
import { LEASE_MS } from "./constants";
import { paceSends } from "./pace-sends";
import { quietHoursRelease } from "./quiet-hours";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { reserveUsage } from "./reserve-usage";
import type { DecidedDelivery, LeasedDelivery } from "./types";
import { senderNameSql } from "@/lib/users/sender-name";

const SENDER_NAME = senderNameSql("u");

export interface LeaseOptions {
  workerId: string;
  now: Date;
  limit: number;
  /** Lease exactly these (send now, or the rows just materialized) rather than any ready. */
  ids?: number[];
  /** Rows this batch created already leased (materializeDue's `lease`): settled, not leased again. */
  fresh?: LeasedDelivery[];
}

export interface LeasedRow {
  id: string;
  reminder_id: string;
  user_id: string;
  channel: DeliveryMethod;
  occurrence_at: Date;
  attempt_count: number;
  slowed_count: number;
  last_error_code: string | null;
  created_at: Date;
  reminder_status: string;
  message: string | null;
  ask_confirmation: boolean;
  contact_name: string;
  email: string | null;
  phone: string | null;
  contact_timezone: string | null;
  contact_locale: string | null;
  email_opt_out: boolean;
  sms_opt_out: boolean;
  whatsapp_opt_out: boolean;
  whatsapp_consent_at: Date | null;
  email_suppressed: boolean;
  unsubscribe_token: string;
  sender_name: string;
  sender_email: string;
  locale: string;
  user_timezone: string;
  recipient: string;
  date_month: number | null;
  date_day: number | null;
  date_year: number | null;
  /** 'YYYY-MM-DD': the occurrence's local day in the reminder's zone. */
  occurrence_local_date: string;
}

/**
 * What the message's fields need, read in the same statement: who receives it, the contact date
 * the reminder was made from (one left join, by primary key) and the occurrence's local day in the
 * reminder's zone. `occurrence_local_date` is written per query (the occurrence column differs).
 */
export const FIELD_COLUMNS = `r.recipient, cd.month as date_month, cd.day as date_day, cd.year as date_year,
  (r.next_run_at at time zone r.timezone)::date::text as next_local_date`;

/**
 * A lead reminder goes to its owner: their address and language, none of the contact's opt-outs
 * or suppression (those are the contact's choices about messages to them).
 */
function recipientOf(row: LeasedRow) {
  if (row.recipient !== "owner") {
    return {
      email: row.email,
      phone: row.phone,
      contactLocale: row.contact_locale,
      emailOptOut: row.email_opt_out,
      smsOptOut: row.sms_opt_out,
      whatsappOptOut: row.whatsapp_opt_out,
      emailSuppressed: row.email_suppressed,
    };
  }
  return {
    email: row.sender_email,
    phone: null,
    contactLocale: null,
    emailOptOut: false,
    smsOptOut: false,
    whatsappOptOut: false,
    emailSuppressed: false,
  };
}

export function toLeased(row: LeasedRow): LeasedDelivery {
  const [year, month, day] = row.occurrence_local_date.split("-").map(Number);
  return {
    id: Number(row.id),
    reminderId: row.reminder_id,
    userId: row.user_id,
    channel: row.channel,
    occurrenceAt: row.occurrence_at,
    attemptCount: row.attempt_count,
    slowedCount: row.slowed_count,
    lastErrorCode: row.last_error_code,
    createdAt: row.created_at,
    reminderStatus: row.reminder_status,
    message: row.message,
    askConfirmation: row.ask_confirmation,
    contactName: row.contact_name,
    ...recipientOf(row),
    recipient: row.recipient === "owner" ? "owner" : "contact",
    contactDate:
      row.date_month === null ? null : { month: row.date_month, day: row.date_day ?? 1, year: row.date_year },
    occurrenceDate: { year, month, day },
    contactTimezone: row.contact_timezone,
    whatsappConsentAt: row.whatsapp_consent_at,
    unsubscribeToken: row.unsubscribe_token,
    senderName: row.sender_name,
    senderEmail: row.sender_email,
    locale: row.locale,
    userTimezone: row.user_timezone,
  };
}

export interface LeaseResult {
  toSend: LeasedDelivery[];
  decided: DecidedDelivery[];
  /** Users whose credit these reservations took under their auto-recharge threshold. */
  crossedThreshold: string[];
}

/** Ready rows: queued/held whose time came, and 'sending' ones whose worker stopped renewing. */
async function pickReady(
  client: pg.PoolClient,
  now: Date,
  limit: number,
): Promise<{ ids: number[]; expired: Set<number> }> {
  const ready = await client.query<{ id: string }>(
    `select id from deliveries where status in ('queued', 'held') and next_attempt_at <= $1
      order by next_attempt_at limit $2 for update skip locked`,
    [now, limit],
  );
  const ids = ready.rows.map((r) => Number(r.id));
  const expired = new Set<number>();
  if (ids.length < limit) {
    const taken = await client.query<{ id: string }>(
      `select id from deliveries where status = 'sending' and lease_expires_at < $1
        order by lease_expires_at limit $2 for update skip locked`,
      [now, limit - ids.length],
    );
    for (const r of taken.rows) {
      ids.push(Number(r.id));
      expired.add(Number(r.id));
    }
  }
  return { ids, expired };
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
      : await client.query<LeasedRow>(
          `update deliveries d
        set status = 'sending', worker_id = $2, lease_expires_at = $3, attempt_count = d.attempt_count + 1,
            first_attempt_at = coalesce(d.first_attempt_at, $4), last_attempt_at = $4, updated_at = $4
       from reminders r left join contact_dates cd on cd.id = r.contact_date_id, contacts c, users u
      where d.id = any($1::bigint[]) and r.id = d.reminder_id and c.id = d.contact_id and u.id = d.user_id
      returning d.id, d.reminder_id, d.user_id, d.channel, d.occurrence_at, d.attempt_count, d.slowed_count,
        d.error_code as last_error_code, d.created_at,
        r.status as reminder_status, r.message, r.ask_confirmation, c.name as contact_name, c.email, c.phone,
        c.timezone as contact_timezone, c.locale as contact_locale, c.email_opt_out, c.sms_opt_out, c.whatsapp_opt_out, c.whatsapp_consent_at,
        c.email_suppressed_at is not null as email_suppressed, c.unsubscribe_token, ${SENDER_NAME} as sender_name, u.email as sender_email,
        u.locale, u.timezone as user_timezone, r.recipient, cd.month as date_month, cd.day as date_day,
        cd.year as date_year, (d.occurrence_at at time zone r.timezone)::date::text as occurrence_local_date`,
          [ids, options.workerId, new Date(options.now.getTime() + LEASE_MS), options.now],
        );
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
