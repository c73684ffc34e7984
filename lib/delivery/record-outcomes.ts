import "server-only";
import { sql, type Column } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, deliveryCalls, reminders } from "@/db/schema";
import { NOT_ALERTED } from "@/lib/channels/failure-reasons";
import { TWILIO_ERRORS } from "@/lib/channels/twilio-errors";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { refundUsage } from "./refund-usage";
import { scheduleFailureAlerts } from "@/lib/alerts/schedule-failure-alerts";
import { scheduleConfirmationFollowUps } from "@/lib/replies/schedule-confirmation-follow-ups";
import type { DecidedDelivery, LeasedDelivery } from "./types";
import { webhookFanOut } from "@/lib/webhooks/webhook-fan-out";
import { isoInstant } from "@/lib/webhooks/iso-instant";
import { continueChain } from "./continue-chain";
import { deliveryEventColumns, deliveryEventData } from "./delivery-event";
import { failReminders } from "./fail-reminders";
import { nextWaitedStep } from "./fallback-chain";
import { queueWebhookDispatch } from "@/lib/webhooks/queue-webhook-dispatch";

/** Outcomes that mean the recipient opted out of the channel: ours, or Twilio's 21610 on a send. */
const OPT_OUT_CODES: ReadonlySet<string> = new Set(["opted_out", TWILIO_ERRORS.unsubscribedRecipient]);

const d = alias(deliveries, "d");
const r = alias(reminders, "r");
const c = alias(contacts, "c");

type Of<K extends DecidedDelivery["outcome"]["kind"]> = DecidedDelivery & {
  outcome: Extract<DecidedDelivery["outcome"], { kind: K }>;
};

function only<K extends DecidedDelivery["outcome"]["kind"]>(all: DecidedDelivery[], kind: K): Of<K>[] {
  return all.filter((o): o is Of<K> => o.outcome.kind === kind);
}

/**
 * True when recordOutcomes writes these in one statement, which needs no transaction (a send
 * that asked for a confirmation also queues its follow-up: two statements, so not then).
 */
export function onlySent(outcomes: DecidedDelivery[]): boolean {
  return outcomes.every((o) => o.outcome.kind === "sent" && !o.outcome.asked);
}

/** A delivery still leased by this worker and being sent: the only kind written here. */
const held = (workerId: unknown) => sql`${d.workerId} = ${workerId} and ${d.status} = 'sending'`;

const DELIVERY_EVENT_COLUMNS = deliveryEventColumns(d);

/**
 * The span of the rows' partition keys as well as their ids: PostgreSQL then reads only the
 * months in it instead of probing every month's primary key for each id. A span, not the exact
 * keys: a Date drops the microseconds PostgreSQL may hold (`to` is one millisecond past the last).
 */
const inMonths = (from: unknown, to: unknown) =>
  sql`${d.occurrenceAt} >= ${from}::timestamptz and ${d.occurrenceAt} < ${to}::timestamptz`;

/** The bounds for inMonths of these deliveries. */
function span(rows: { delivery: { occurrenceAt: Date } }[]): { from: Date; to: Date } {
  const times = rows.map((row) => row.delivery.occurrenceAt.getTime());
  return { from: new Date(Math.min(...times)), to: new Date(Math.max(...times) + 1) };
}

/**
 * Records sent deliveries (ids, provider ids, whether each asked for a confirmation and, if a
 * later fallback step waits for it, until when) held by `workerId` at `now`, and their
 * reminders, in one statement: atomic on its own, so a group of sends needs
 * no transaction around it (see onlySent). A call also gets its `delivery_calls` row (the call
 * placed, by its CallSid, 'queued' until Twilio reports on it): its webhooks are matched to it.
 *
 * Each `update … from unnest(ids)` in the engine also says `id = any(ids)`: the same rows, but
 * the planner then reads them by primary key. Without it, it scanned every leased row (the lease
 * index: all workers' batches) against the list, or the whole reminders table, per statement:
 * most of PostgreSQL's time in a burst (docs/PERFORMANCE.md).
 */
export const RECORD_SENT = compileStatement<
  {
    ids: number[];
    from: Date;
    to: Date;
    sids: string[];
    workerId: string;
    now: Date;
    asked: boolean[];
    dues: (Date | null)[];
  },
  { n: number; reminders: number; hooks: number }
>(
  ({ ids, from, to, sids, workerId, now, asked, dues }) => sql`with done as (
     update ${deliveries} ${d}
        set ${columnName(d.status)} = 'sent', ${columnName(d.sentAt)} = ${now},
            ${columnName(d.providerMessageId)} = v.sid, ${columnName(d.error)} = null,
            ${columnName(d.errorCode)} = null, ${columnName(d.workerId)} = null,
            ${columnName(d.leaseExpiresAt)} = null, ${columnName(d.nextAttemptAt)} = null,
            ${columnName(d.updatedAt)} = ${now},
            ${columnName(d.confirmation)} = case when v.asked then 'awaiting' else ${d.confirmation} end,
            ${columnName(d.fallbackDueAt)} = v.due
       from unnest(${ids}::bigint[], ${sids}::text[], ${asked}::boolean[], ${dues}::timestamptz[]) as v(id, sid, asked, due)
      where ${d.id} = v.id and ${d.id} = any(${ids}::bigint[]) and ${inMonths(from, to)} and ${held(workerId)}
      returning ${DELIVERY_EVENT_COLUMNS}, ${d.providerMessageId} as sid),
   calls as (
     insert into ${deliveryCalls} (${columnName(deliveryCalls.callSid)}, ${columnName(deliveryCalls.deliveryId)},
         ${columnName(deliveryCalls.deliveryOccurrenceAt)}, ${columnName(deliveryCalls.workspaceId)},
         ${columnName(deliveryCalls.status)}, ${columnName(deliveryCalls.createdAt)}, ${columnName(deliveryCalls.updatedAt)})
     select sid, id, occurrence_at, workspace_id, 'queued', ${now}, ${now} from done where channel = 'call'
     on conflict (${columnName(deliveryCalls.callSid)}, ${columnName(deliveryCalls.deliveryOccurrenceAt)}) do nothing),
   hooks as (${webhookFanOut(sql`select workspace_id, 'delivery.sent' as type,
        ${deliveryEventData(sql`'sentAt', ${isoInstant(sql`${now}::timestamptz`)}`)} as data, ${now}::timestamptz as occurred_at from done`)}
      returning 1),
   touched as (
     update ${reminders} ${r}
        set ${columnName(r.lastSentAt)} = ${now}, ${columnName(r.lastError)} = null, ${columnName(r.updatedAt)} = ${now},
            ${columnName(r.status)} = case when ${r.status} = 'scheduled' and ${r.nextRunAt} is null then 'sent'
                                          else ${r.status} end
      where ${r.id} in (select reminder_id from done)
      returning 1)
   select (select count(*) from done)::int as n, (select count(*) from touched)::int as reminders,
          (select count(*) from hooks)::int as hooks`,
);

/** Back to the queue at `at` (a transient failure, or a "slow down" counted apart). */
const RECORD_RETRY = compileStatement<{
  ids: number[];
  from: Date;
  to: Date;
  at: Date[];
  errors: string[];
  codes: (string | null)[];
  slowed: boolean[];
  now: Date;
  workerId: string;
}>(
  (p) => sql`update ${deliveries} ${d}
      set ${columnName(d.status)} = 'queued', ${columnName(d.nextAttemptAt)} = v.at, ${columnName(d.error)} = v.error,
          ${columnName(d.errorCode)} = v.code,
          ${columnName(d.slowedCount)} = ${d.slowedCount} + case when v.slowed then 1 else 0 end,
          ${columnName(d.workerId)} = null, ${columnName(d.leaseExpiresAt)} = null, ${columnName(d.updatedAt)} = ${p.now}
     from unnest(${p.ids}::bigint[], ${p.at}::timestamptz[], ${p.errors}::text[], ${p.codes}::text[],
                 ${p.slowed}::boolean[]) as v(id, at, error, code, slowed)
    where ${d.id} = v.id and ${d.id} = any(${p.ids}::bigint[]) and ${inMonths(p.from, p.to)} and ${held(p.workerId)}`,
);

/**
 * Not attempted (paced, held): the attempt given back, waiting with its status until `at`. A row
 * held for the contact's hours says so in its code (contact_window, which the history reads),
 * unless it carries an earlier attempt's error code (a retry: sending reads it, see send-leased);
 * that code goes again when the row waits for anything else.
 */
const RECORD_WAITING = compileStatement<{
  ids: number[];
  from: Date;
  to: Date;
  statuses: string[];
  at: Date[];
  codes: (string | null)[];
  now: Date;
  workerId: string;
}>(
  (p) => sql`update ${deliveries} ${d}
      set ${columnName(d.status)} = v.status, ${columnName(d.nextAttemptAt)} = v.at,
          ${columnName(d.attemptCount)} = greatest(0, ${d.attemptCount} - 1),
          ${columnName(d.errorCode)} = case when ${d.errorCode} is null or ${d.errorCode} = 'contact_window' then v.code
                                          else ${d.errorCode} end,
          ${columnName(d.workerId)} = null, ${columnName(d.leaseExpiresAt)} = null, ${columnName(d.updatedAt)} = ${p.now}
     from unnest(${p.ids}::bigint[], ${p.statuses}::text[], ${p.at}::timestamptz[], ${p.codes}::text[])
       as v(id, status, at, code)
    where ${d.id} = v.id and ${d.id} = any(${p.ids}::bigint[]) and ${inMonths(p.from, p.to)} and ${held(p.workerId)}`,
);

/** Failed for good, with a `delivery.failed` webhook event each (`hooks`: messages written). */
const RECORD_FAILED = compileStatement<
  {
    ids: number[];
    from: Date;
    to: Date;
    errors: string[];
    codes: (string | null)[];
    now: Date;
    workerId: string;
  },
  {
    id: string;
    reminder_id: string;
    workspace_id: string;
    occurrence_at: Date;
    fallback_step: number;
    error: string;
    error_code: string | null;
    hooks: number;
  }
>(
  (p) => sql`with failed as (
    update ${deliveries} ${d}
      set ${columnName(d.status)} = 'failed', ${columnName(d.error)} = v.error, ${columnName(d.errorCode)} = v.code,
          ${columnName(d.workerId)} = null, ${columnName(d.leaseExpiresAt)} = null,
          ${columnName(d.nextAttemptAt)} = null, ${columnName(d.updatedAt)} = ${p.now}
     from unnest(${p.ids}::bigint[], ${p.errors}::text[], ${p.codes}::text[]) as v(id, error, code)
    where ${d.id} = v.id and ${d.id} = any(${p.ids}::bigint[]) and ${inMonths(p.from, p.to)} and ${held(p.workerId)}
    returning ${DELIVERY_EVENT_COLUMNS}, ${d.error} as error, ${d.errorCode} as error_code),
  hooks as (${webhookFanOut(sql`select workspace_id, 'delivery.failed' as type,
      ${deliveryEventData(sql`'error', error, 'errorCode', error_code`)} as data, ${p.now}::timestamptz as occurred_at
      from failed`)} returning 1)
  select id, reminder_id, workspace_id, occurrence_at, fallback_step, error, error_code,
         (select count(*) from hooks)::int as hooks from failed`,
);

/** The contact's address refused for good (SMTP 5xx): suppressed, once. */
const SUPPRESS_EMAIL = compileStatement<{ ids: number[]; errors: string[]; now: Date }>(
  (p) => sql`update ${contacts} ${c}
      set ${columnName(c.emailSuppressedAt)} = ${p.now}, ${columnName(c.emailSuppressedReason)} = v.error,
          ${columnName(c.updatedAt)} = ${p.now}
     from unnest(${p.ids}::bigint[], ${p.errors}::text[]) as v(id, error), ${deliveries} ${d}
    where ${d.id} = v.id and ${d.id} = any(${p.ids}::bigint[]) and ${c.id} = ${d.contactId}
      and ${c.emailSuppressedAt} is null`,
);

/**
 * The delivery's contact opted out of one channel (`column`, its opt-out flag), with a
 * `contact.opted_out` webhook event for each contact this changed (as a STOP reply has).
 */
function optOutStatement(column: Column, channel: "sms" | "whatsapp") {
  return compileStatement<{ ids: number[] }, { hooks: number }>(
    (p) => sql`with changed as (
        update ${contacts} ${c} set ${columnName(column)} = true, ${columnName(c.updatedAt)} = now()
          from ${deliveries} ${d}
         where ${d.id} = any(${p.ids}::bigint[]) and ${c.id} = ${d.contactId} and not ${column}
        returning ${c.id} as id, ${c.workspaceId} as workspace_id),
      hooks as (${webhookFanOut(sql`select workspace_id, 'contact.opted_out' as type,
          jsonb_build_object('contactId', id, 'channels', jsonb_build_array(${sql.raw(`'${channel}'`)})) as data,
          now() as occurred_at
        from changed`)} returning 1)
      select (select count(*) from hooks)::int as hooks`,
  );
}

const OPT_OUT = {
  sms: optOutStatement(c.smsOptOut, "sms"),
  whatsapp: optOutStatement(c.whatsappOptOut, "whatsapp"),
};

/**
 * Writes each outcome on its delivery (only while this worker still holds the lease) and on
 * its reminder: last sent time or last error, and 'sent'/'failed' once nothing more is due.
 * Returns how many rows this worker could still record (a lost lease records nothing).
 */
export async function recordOutcomes(
  client: Queryable,
  workerId: string,
  now: Date,
  outcomes: DecidedDelivery[],
): Promise<number> {
  let recorded = 0;
  const sent = only(outcomes, "sent");
  if (sent.length > 0) {
    const res = await RECORD_SENT.run(client, {
      ids: sent.map((s) => s.delivery.id),
      ...span(sent),
      sids: sent.map((s) => s.outcome.providerMessageId),
      workerId,
      now,
      asked: sent.map((s) => s.outcome.asked === true),
      dues: sent.map((s) => fallbackDue(s.delivery, s.outcome.asked === true, now)),
    });
    recorded += res.rows[0]?.n ?? 0;
    if ((res.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
    // Asked for a confirmation: the lead person hears if none comes (see scheduleConfirmationFollowUps).
    const asked = sent.filter((s) => s.outcome.asked).map((s) => s.delivery.id);
    if (asked.length > 0) await scheduleConfirmationFollowUps(client, asked);
  }
  const retry = only(outcomes, "retry");
  if (retry.length > 0) {
    const res = await RECORD_RETRY.run(client, {
      ids: retry.map((o) => o.delivery.id),
      ...span(retry),
      at: retry.map((o) => o.outcome.at),
      errors: retry.map((o) => o.outcome.error),
      codes: retry.map((o) => o.outcome.code ?? null),
      slowed: retry.map((o) => o.outcome.slowed === true),
      now,
      workerId,
    });
    recorded += res.rowCount ?? 0;
  }
  // Paced and held rows were not attempted: each gives its attempt back (a first attempt
  // reserves usage when it is sent), paced ones back to the queue, held ones until quiet hours end.
  const waiting = [
    ...only(outcomes, "paced").map((p) => ({
      delivery: p.delivery,
      status: "queued",
      at: p.outcome.at,
      code: null,
    })),
    ...only(outcomes, "held").map((h) => ({
      delivery: h.delivery,
      status: "held",
      at: h.outcome.until,
      code: h.outcome.code ?? null,
    })),
  ];
  if (waiting.length > 0) {
    const res = await RECORD_WAITING.run(client, {
      ids: waiting.map((w) => w.delivery.id),
      ...span(waiting),
      statuses: waiting.map((w) => w.status),
      at: waiting.map((w) => w.at),
      codes: waiting.map((w) => w.code),
      now,
      workerId,
    });
    recorded += res.rowCount ?? 0;
  }
  const failed = only(outcomes, "failed");
  if (failed.length > 0) {
    const res = await RECORD_FAILED.run(client, {
      ids: failed.map((f) => f.delivery.id),
      ...span(failed),
      errors: failed.map((f) => f.outcome.error),
      codes: failed.map((f) => f.outcome.code ?? null),
      now,
      workerId,
    });
    recorded += res.rowCount ?? 0;
    if ((res.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
    const done = new Set(res.rows.map((r) => Number(r.id)));
    await refundUsage(
      client,
      failed
        .filter((f) => f.outcome.refund && done.has(f.delivery.id))
        .map((f) => ({
          id: f.delivery.id,
          workspaceId: f.delivery.workspaceId,
          channel: f.delivery.channel,
        })),
    );
    await markOptedOut(
      client,
      failed.filter((f) => OPT_OUT_CODES.has(f.outcome.code ?? "") && done.has(f.delivery.id)),
    );
    // A permanent SMTP refusal (5xx) suppresses the contact's address: no further e-mail is tried.
    // A lead reminder went to a member's own address, not the contact's: nothing to suppress.
    const refused = failed.filter(
      (f) =>
        f.delivery.channel === "email" &&
        f.delivery.recipient === "contact" &&
        /^5\d\d$/.test(f.outcome.code ?? "") &&
        done.has(f.delivery.id),
    );
    if (refused.length > 0) {
      await SUPPRESS_EMAIL.run(client, {
        ids: refused.map((f) => f.delivery.id),
        errors: refused.map((f) => f.outcome.error),
        now,
      });
    }
    // The next step of each chain that goes on; the others end here, failed.
    const going = await continueChain(
      client,
      res.rows.map((row) => ({ id: Number(row.id), occurrenceAt: row.occurrence_at, code: row.error_code })),
      now,
    );
    const ended = res.rows.filter((row) => !going.has(Number(row.id)));
    await failReminders(
      client,
      ended.map((row) => ({
        reminderId: row.reminder_id,
        occurrenceAt: row.occurrence_at,
        error: row.error,
        // A later step's failure: the reminder sent by an earlier step is failed only if no step got through.
        fromSent: row.fallback_step > 0,
      })),
      now,
    );
    // Failed for good: the workspace's members hear of it by e-mail (batched, see scheduleFailureAlerts).
    await scheduleFailureAlerts(
      client,
      ended.filter((r) => !NOT_ALERTED.has(r.error_code ?? "")).map((r) => r.workspace_id),
      now,
    );
  }
  return recorded;
}

/** A refusal for opt-out (Twilio's 21610) keeps the contact opted out of that channel. */
async function markOptedOut(client: Queryable, failed: DecidedDelivery[]) {
  let hooks = 0;
  for (const channel of ["sms", "whatsapp"] as const) {
    const ids = failed.filter((f) => f.delivery.channel === channel).map((f) => f.delivery.id);
    if (ids.length === 0) continue;
    const res = await OPT_OUT[channel].run(client, { ids });
    hooks += res.rows[0]?.hooks ?? 0;
  }
  if (hooks > 0) await queueWebhookDispatch(client);
}

/**
 * A sent step that asked for a confirmation, when a later step waits for one: when that wait
 * runs out (now + its minutes), for the engine's scan (escalateUnconfirmed). Null otherwise.
 */
function fallbackDue(delivery: LeasedDelivery, asked: boolean, now: Date): Date | null {
  if (!asked) return null;
  const waited = nextWaitedStep(delivery.fallbackStep, delivery.fallbackWaits);
  return waited ? new Date(now.getTime() + waited.minutes * 60_000) : null;
}
