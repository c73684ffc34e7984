import "server-only";
import type pg from "pg";
import { NOT_ALERTED } from "@/lib/channels/failure-reasons";
import { TWILIO_ERRORS } from "@/lib/channels/twilio-errors";
import { refundUsage } from "./refund-usage";
import { scheduleFailureAlerts } from "@/lib/alerts/schedule-failure-alerts";
import { scheduleConfirmationFollowUps } from "@/lib/replies/schedule-confirmation-follow-ups";
import type { DecidedDelivery } from "./types";

/** Outcomes that mean the recipient opted out of the channel: ours, or Twilio's 21610 on a send. */
const OPT_OUT_CODES: ReadonlySet<string> = new Set(["opted_out", TWILIO_ERRORS.unsubscribedRecipient]);

type Of<K extends DecidedDelivery["outcome"]["kind"]> = DecidedDelivery & {
  outcome: Extract<DecidedDelivery["outcome"], { kind: K }>;
};

function only<K extends DecidedDelivery["outcome"]["kind"]>(all: DecidedDelivery[], kind: K): Of<K>[] {
  return all.filter((d): d is Of<K> => d.outcome.kind === kind);
}

/**
 * True when recordOutcomes writes these in one statement, which needs no transaction (a send
 * that asked for a confirmation also queues its follow-up: two statements, so not then).
 */
export function onlySent(outcomes: DecidedDelivery[]): boolean {
  return outcomes.every((o) => o.outcome.kind === "sent" && !o.outcome.asked);
}

/**
 * Records sent deliveries ($1 ids, $2 provider ids, $5 asked for a confirmation) held by worker
 * $3 at $4, and their reminders, in one statement: atomic on its own, so a group of sends needs
 * no transaction around it (see onlySent).
 *
 * Each `update … from unnest(ids)` in this file also says `id = any(ids)`: the same rows, but
 * the planner then reads them by primary key. Without it, it scanned every leased row (the lease
 * index: all workers' batches) against the list, or the whole reminders table, per statement:
 * most of PostgreSQL's time in a burst (docs/PERFORMANCE.md).
 */
export const RECORD_SENT_SQL = `with d as (
   update deliveries d set status = 'sent', sent_at = $4, provider_message_id = v.sid, error = null,
          error_code = null, worker_id = null, lease_expires_at = null, next_attempt_at = null, updated_at = $4,
          confirmation = case when v.asked then 'awaiting' else d.confirmation end
     from unnest($1::bigint[], $2::text[], $5::boolean[]) as v(id, sid, asked)
    where d.id = v.id and d.id = any($1::bigint[]) and d.worker_id = $3 and d.status = 'sending'
    returning d.reminder_id),
 r as (
   update reminders set last_sent_at = $4, last_error = null, updated_at = $4,
          status = case when status = 'scheduled' and next_run_at is null then 'sent' else status end
    where id in (select reminder_id from d)
    returning 1)
 select (select count(*) from d)::int as n, (select count(*) from r)::int as reminders`;

/**
 * Writes each outcome on its delivery (only while this worker still holds the lease) and on
 * its reminder: last sent time or last error, and 'sent'/'failed' once nothing more is due.
 * Returns how many rows this worker could still record (a lost lease records nothing).
 */
export async function recordOutcomes(
  client: Pick<pg.PoolClient, "query">,
  workerId: string,
  now: Date,
  outcomes: DecidedDelivery[],
): Promise<number> {
  let recorded = 0;
  const sent = only(outcomes, "sent");
  if (sent.length > 0) {
    const res = await client.query<{ n: number }>(RECORD_SENT_SQL, [
      sent.map((s) => s.delivery.id),
      sent.map((s) => s.outcome.providerMessageId),
      workerId,
      now,
      sent.map((s) => s.outcome.asked === true),
    ]);
    recorded += res.rows[0]?.n ?? 0;
    // Asked for a confirmation: the user hears if none comes (see scheduleConfirmationFollowUps).
    const asked = sent.filter((s) => s.outcome.asked).map((s) => s.delivery.id);
    if (asked.length > 0) await scheduleConfirmationFollowUps(client, asked);
  }
  const retry = only(outcomes, "retry");
  if (retry.length > 0) {
    const res = await client.query(
      `update deliveries d set status = 'queued', next_attempt_at = v.at, error = v.error, error_code = v.code,
              slowed_count = d.slowed_count + case when v.slowed then 1 else 0 end,
              worker_id = null, lease_expires_at = null, updated_at = $5
         from unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::text[], $7::boolean[])
           as v(id, at, error, code, slowed)
        where d.id = v.id and d.id = any($1::bigint[]) and d.worker_id = $6 and d.status = 'sending'`,
      [
        retry.map((r) => r.delivery.id),
        retry.map((r) => r.outcome.at),
        retry.map((r) => r.outcome.error),
        retry.map((r) => r.outcome.code ?? null),
        now,
        workerId,
        retry.map((r) => r.outcome.slowed === true),
      ],
    );
    recorded += res.rowCount ?? 0;
  }
  // Paced and held rows were not attempted: each gives its attempt back (a first attempt
  // reserves usage when it is sent), paced ones back to the queue, held ones until quiet hours end.
  const waiting = [
    ...only(outcomes, "paced").map((p) => ({ id: p.delivery.id, status: "queued", at: p.outcome.at })),
    ...only(outcomes, "held").map((h) => ({ id: h.delivery.id, status: "held", at: h.outcome.until })),
  ];
  if (waiting.length > 0) {
    const res = await client.query(
      `update deliveries d set status = v.status, next_attempt_at = v.at, attempt_count = greatest(0, d.attempt_count - 1),
              worker_id = null, lease_expires_at = null, updated_at = $4
         from unnest($1::bigint[], $2::text[], $3::timestamptz[]) as v(id, status, at)
        where d.id = v.id and d.id = any($1::bigint[]) and d.worker_id = $5 and d.status = 'sending'`,
      [waiting.map((w) => w.id), waiting.map((w) => w.status), waiting.map((w) => w.at), now, workerId],
    );
    recorded += res.rowCount ?? 0;
  }
  const failed = only(outcomes, "failed");
  if (failed.length > 0) {
    const res = await client.query<{
      id: string;
      reminder_id: string;
      user_id: string;
      error: string;
      error_code: string | null;
    }>(
      `update deliveries d set status = 'failed', error = v.error, error_code = v.code, worker_id = null,
              lease_expires_at = null, next_attempt_at = null, updated_at = $4
         from unnest($1::bigint[], $2::text[], $3::text[]) as v(id, error, code)
        where d.id = v.id and d.id = any($1::bigint[]) and d.worker_id = $5 and d.status = 'sending'
        returning d.id, d.reminder_id, d.user_id, d.error, d.error_code`,
      [
        failed.map((f) => f.delivery.id),
        failed.map((f) => f.outcome.error),
        failed.map((f) => f.outcome.code ?? null),
        now,
        workerId,
      ],
    );
    recorded += res.rowCount ?? 0;
    const done = new Set(res.rows.map((r) => Number(r.id)));
    await refundUsage(
      client,
      failed
        .filter((f) => f.outcome.refund && done.has(f.delivery.id))
        .map((f) => ({ id: f.delivery.id, userId: f.delivery.userId })),
    );
    await markOptedOut(
      client,
      failed.filter((f) => OPT_OUT_CODES.has(f.outcome.code ?? "") && done.has(f.delivery.id)),
    );
    // A permanent SMTP refusal (5xx) suppresses the contact's address: no further e-mail is tried.
    // A lead reminder went to the user's own address, not the contact's: nothing to suppress.
    const refused = failed.filter(
      (f) =>
        f.delivery.channel === "email" &&
        f.delivery.recipient === "contact" &&
        /^5\d\d$/.test(f.outcome.code ?? "") &&
        done.has(f.delivery.id),
    );
    if (refused.length > 0) {
      await client.query(
        `update contacts c set email_suppressed_at = $3, email_suppressed_reason = v.error, updated_at = $3
           from unnest($1::bigint[], $2::text[]) as v(id, error), deliveries d
          where d.id = v.id and d.id = any($1::bigint[]) and c.id = d.contact_id and c.email_suppressed_at is null`,
        [refused.map((f) => f.delivery.id), refused.map((f) => f.outcome.error), now],
      );
    }
    await client.query(
      `update reminders r set last_error = v.error, updated_at = $3,
              status = case when r.status = 'scheduled' and r.next_run_at is null then 'failed' else r.status end
         from unnest($1::text[], $2::text[]) as v(id, error)
        where r.id = v.id and r.id = any($1::text[])`,
      [res.rows.map((r) => r.reminder_id), res.rows.map((r) => r.error), now],
    );
    // Failed for good: the sender hears of it by e-mail (batched, see scheduleFailureAlerts).
    await scheduleFailureAlerts(
      client,
      res.rows.filter((r) => !NOT_ALERTED.has(r.error_code ?? "")).map((r) => r.user_id),
      now,
    );
  }
  return recorded;
}

/** A refusal for opt-out (Twilio's 21610) keeps the contact opted out of that channel. */
async function markOptedOut(client: Pick<pg.PoolClient, "query">, failed: DecidedDelivery[]) {
  for (const channel of ["sms", "whatsapp"] as const) {
    const ids = failed.filter((f) => f.delivery.channel === channel).map((f) => f.delivery.id);
    if (ids.length === 0) continue;
    await client.query(
      `update contacts c set ${channel}_opt_out = true, updated_at = now()
         from deliveries d where d.id = any($1::bigint[]) and c.id = d.contact_id and not c.${channel}_opt_out`,
      [ids],
    );
  }
}
