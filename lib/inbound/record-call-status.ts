import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries, deliveryCalls, reminders } from "@/db/schema";
import type { CallOutcome, CallStatus } from "@/db/schema/enums";
import { CALL_RETRY_DELAYS_MS } from "@/config/calls";
import { scheduleFailureAlerts } from "@/lib/alerts/schedule-failure-alerts";
import { callDeliveryId } from "@/lib/channels/call-webhook-url";
import { UNANSWERED_CALL_CODES } from "@/lib/channels/twilio-errors";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { withTransaction } from "@/lib/db/with-transaction";
import { continueChain } from "@/lib/delivery/continue-chain";
import { deliveryEventColumns, deliveryEventData } from "@/lib/delivery/delivery-event";
import { failReminders } from "@/lib/delivery/fail-reminders";
import { refundUsage } from "@/lib/delivery/refund-usage";
import { fromZodError } from "@/lib/errors/zod-error";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { twilioCallStatusSchema } from "@/lib/validations/twilio-call-webhook";
import { isoInstant } from "@/lib/webhooks/iso-instant";
import { queueWebhookDispatch } from "@/lib/webhooks/queue-webhook-dispatch";
import { webhookFanOut } from "@/lib/webhooks/webhook-fan-out";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

const d = alias(deliveries, "d");
const dc = alias(deliveryCalls, "dc");
const r = alias(reminders, "r");
/** The reasons are written in the reminder's lead person's language (lib/delivery/leased-row.ts). */
const people = reminderPeopleSql({ workspaceId: r.workspaceId, createdBy: r.createdBy });

/** A call's statuses in the order they happen; every final one ranks last. */
const RANK: Record<CallStatus, number> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  "in-progress": 3,
  completed: 4,
  busy: 4,
  "no-answer": 4,
  failed: 4,
  canceled: 4,
};

const rankOf = (column: unknown) =>
  sql`case ${column} when 'queued' then 0 when 'initiated' then 1 when 'ringing' then 2
        when 'in-progress' then 3 else 4 end`;

/**
 * Moves the call forward to `status` (never back: a late or replayed callback changes nothing),
 * keeping who answered, when, and how long it lasted. Returns the call's delivery's workspace, its
 * reminder's lead person's language and how many calls that delivery has placed, when the row moved.
 */
const MOVE_CALL = compileStatement<
  {
    sid: string;
    deliveryId: number;
    status: CallStatus;
    rank: number;
    answeredBy: string | null;
    duration: number | null;
  },
  { workspace_id: string; locale: string; answered_by: string | null; placed: number }
>(
  (p) => sql`update ${deliveryCalls} ${dc}
      set ${columnName(dc.status)} = ${p.status},
          ${columnName(dc.answeredBy)} = coalesce(${dc.answeredBy}, ${p.answeredBy}),
          ${columnName(dc.answeredAt)} = case when ${p.status} in ('in-progress', 'completed')
            then coalesce(${dc.answeredAt}, now()) else ${dc.answeredAt} end,
          ${columnName(dc.durationSeconds)} = coalesce(${p.duration}::int, ${dc.durationSeconds}),
          ${columnName(dc.endedAt)} = case when ${p.rank}::int = 4 then now() else ${dc.endedAt} end,
          ${columnName(dc.updatedAt)} = now()
     from ${deliveries} ${d}, ${reminders} ${r} ${people.join}
    where ${dc.callSid} = ${p.sid} and ${dc.deliveryId} = ${p.deliveryId} and ${d.id} = ${dc.deliveryId}
      and ${d.occurrenceAt} = ${dc.deliveryOccurrenceAt} and ${d.channel} = 'call' and ${r.id} = ${d.reminderId}
      and ${rankOf(dc.status)} < ${p.rank}::int
    returning ${dc.workspaceId} as workspace_id, coalesce(${people.lead.locale}, 'en') as locale, ${dc.answeredBy} as answered_by,
      (select count(*) from ${deliveryCalls} where ${deliveryCalls.deliveryId} = ${dc.deliveryId})::int as placed`,
);

/** The delivery of this call, still waiting on it. */
const CURRENT = (p: { sid: unknown; deliveryId: unknown }) =>
  sql`${d.id} = ${p.deliveryId} and ${d.status} = 'sent' and ${d.providerMessageId} = ${p.sid}`;

const EVENT_COLUMNS = deliveryEventColumns(d);
const eventData = deliveryEventData;

/** Taken (by a person or a voicemail): delivered, with a `delivery.delivered` webhook event. */
const MARK_DELIVERED = compileStatement<
  { sid: string; deliveryId: number; outcome: CallOutcome },
  { n: number; hooks: number }
>(
  (p) => sql`with done as (
    update ${deliveries} ${d}
      set ${columnName(d.status)} = 'delivered', ${columnName(d.deliveredAt)} = now(),
          ${columnName(d.callOutcome)} = ${p.outcome}, ${columnName(d.updatedAt)} = now()
    where ${CURRENT(p)}
    returning ${EVENT_COLUMNS}, ${d.sentAt} as sent_at),
  hooks as (${webhookFanOut(sql`select workspace_id, 'delivery.delivered' as type,
      ${eventData(sql`'sentAt', ${isoInstant(sql`sent_at`)}, 'deliveredAt', ${isoInstant(sql`now()`)}, 'callOutcome', ${p.outcome}::text`)} as data,
      now() as occurred_at from done`)} returning 1)
  select (select count(*) from done)::int as n, (select count(*) from hooks)::int as hooks`,
);

/** Not taken: back to the queue for the next call at `at` (quiet hours apply when it is leased). */
const REQUEUE = compileStatement<{ sid: string; deliveryId: number; at: Date; error: string; code: string }>(
  (p) => sql`update ${deliveries} ${d}
      set ${columnName(d.status)} = 'queued', ${columnName(d.nextAttemptAt)} = ${p.at},
          ${columnName(d.error)} = ${p.error}, ${columnName(d.errorCode)} = ${p.code}, ${columnName(d.updatedAt)} = now()
    where ${CURRENT(p)}`,
);

/** Not taken after the last retry: failed, with a `delivery.failed` webhook event. */
const MARK_FAILED = compileStatement<
  { sid: string; deliveryId: number; error: string; code: string },
  { id: string; reminder_id: string; occurrence_at: Date; hooks: number }
>(
  (p) => sql`with failed as (
    update ${deliveries} ${d}
      set ${columnName(d.status)} = 'failed', ${columnName(d.error)} = ${p.error},
          ${columnName(d.errorCode)} = ${p.code}, ${columnName(d.updatedAt)} = now()
    where ${CURRENT(p)}
    returning ${EVENT_COLUMNS}),
  hooks as (${webhookFanOut(sql`select workspace_id, 'delivery.failed' as type,
      ${eventData(sql`'error', ${p.error}::text, 'errorCode', ${p.code}::text`)} as data, now() as occurred_at
      from failed`)} returning 1)
  select id, reminder_id, occurrence_at, (select count(*) from hooks)::int as hooks from failed`,
);

/**
 * A call's status callback (signature already checked). It applies only to a call placed for the
 * delivery its URL names (`d`), and only forward (a late or replayed callback changes nothing):
 * answered keeps who answered and when; completed marks the delivery delivered, taken by a person
 * ('answered') or left on voicemail ('voicemail', AnsweredBy machine_*); busy, no answer, failed or
 * canceled places the call again after CALL_RETRY_DELAYS_MS (no usage reserved again), and after
 * the last one fails the delivery with a reason the workspace reads and gives its usage back (a call
 * that never connected costs nothing); the reminder's next fallback step then goes, if it has one. Returns 1 when the call moved, else 0.
 */
export async function recordCallStatus(raw: Record<string, string>, marker: string | null): Promise<number> {
  const parsed = twilioCallStatusSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const deliveryId = callDeliveryId(marker);
  if (deliveryId === null) return 0;
  const { CallSid: sid, CallStatus: status, AnsweredBy, CallDuration } = parsed.data;
  return withTransaction(async (client) => {
    const moved = await MOVE_CALL.run(client, {
      sid,
      deliveryId,
      status,
      rank: RANK[status],
      answeredBy: AnsweredBy ?? null,
      duration: CallDuration ?? null,
    });
    const call = moved.rows[0];
    if (!call) return 0;
    if (status === "completed") {
      const outcome: CallOutcome = call.answered_by?.startsWith("machine_") ? "voicemail" : "answered";
      const res = await MARK_DELIVERED.run(client, { sid, deliveryId, outcome });
      if ((res.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
    } else if (status in UNANSWERED_CALL_CODES) {
      await unanswered(client, { sid, deliveryId, ...call }, status as keyof typeof UNANSWERED_CALL_CODES);
    }
    return 1;
  });
}

/** The next call after CALL_RETRY_DELAYS_MS, or, after the last, the delivery fails (usage given back). */
async function unanswered(
  client: Queryable,
  call: { sid: string; deliveryId: number; workspace_id: string; locale: string; placed: number },
  status: keyof typeof UNANSWERED_CALL_CODES,
) {
  const code = UNANSWERED_CALL_CODES[status];
  const t = deliveryTranslator(call.locale);
  const now = new Date();
  const delay = CALL_RETRY_DELAYS_MS[call.placed - 1];
  if (delay !== undefined) {
    const at = new Date(now.getTime() + delay);
    const error = t("errors.callRetry", { reason: code, time: at.toISOString() });
    await REQUEUE.run(client, { sid: call.sid, deliveryId: call.deliveryId, at, error, code });
    return;
  }
  const error = t("errors.callGaveUp", { reason: code, calls: call.placed });
  const res = await MARK_FAILED.run(client, { sid: call.sid, deliveryId: call.deliveryId, error, code });
  const failed = res.rows[0];
  if (!failed) return;
  if (failed.hooks > 0) await queueWebhookDispatch(client);
  await refundUsage(client, [{ id: call.deliveryId, workspaceId: call.workspace_id, channel: "call" }]);
  // The reminder's next fallback step, if it has one; else its chain ends here, failed.
  const going = await continueChain(
    client,
    [{ id: call.deliveryId, occurrenceAt: failed.occurrence_at, code }],
    now,
  );
  if (going.size > 0) return;
  await failReminders(
    client,
    [{ reminderId: failed.reminder_id, occurrenceAt: failed.occurrence_at, error, fromSent: true }],
    now,
  );
  await scheduleFailureAlerts(client, [call.workspace_id], now);
}
