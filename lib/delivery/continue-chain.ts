import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { NOTIFY_CHANNEL } from "./constants";
import { fallsBack, occurrenceAnswered } from "./fallback-chain";

const d = alias(deliveries, "d");
const r = alias(reminders, "r");
const e = alias(deliveries, "e");

/** The columns of a step's delivery row, in INSERT_STEPS' order. */
export const STEP_COLUMNS = sql`(${columnName(deliveries.reminderId)}, ${columnName(deliveries.workspaceId)},
  ${columnName(deliveries.contactId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.channel)},
  ${columnName(deliveries.fallbackStep)}, ${columnName(deliveries.extra)}, ${columnName(deliveries.status)},
  ${columnName(deliveries.nextAttemptAt)}, ${columnName(deliveries.createdAt)}, ${columnName(deliveries.updatedAt)})`;

/**
 * The next step of each failed delivery whose chain goes on: same reminder, contact, workspace and
 * occurrence, the reminder's next fallback channel, queued and due now. Not after a LATER
 * resend (the recipient answered), a cancelled reminder, the chain's last step, or an answer on
 * any step of the occurrence. The unique key (reminder, occurrence, step) makes it once.
 * Returns the failed deliveries whose chain goes on: their next step made now, or made before
 * and not failed (a retried step whose next one already failed ends its chain again).
 */
const NEXT_STEPS = compileStatement<
  { ids: number[]; from: Date; to: Date; now: Date },
  { id: string; inserted: number }
>(
  (p) => sql`with next as (
      select ${d.id} as id, ${d.reminderId} as reminder_id, ${d.workspaceId} as workspace_id, ${d.contactId} as contact_id,
             ${d.occurrenceAt} as occurrence_at, ${r.fallbackChannels}[${d.fallbackStep} + 1] as channel,
             ${d.fallbackStep} + 1 as step, ${d.extra} as extra
        from ${deliveries} ${d} join ${reminders} ${r} on ${r.id} = ${d.reminderId}
       where ${d.id} = any(${p.ids}::bigint[]) and ${d.occurrenceAt} >= ${p.from}::timestamptz
         and ${d.occurrenceAt} < ${p.to}::timestamptz and ${d.status} = 'failed' and ${d.snoozedFromId} is null
         and cardinality(${r.fallbackChannels}) > ${d.fallbackStep} and ${r.status} <> 'cancelled'
         and not ${occurrenceAnswered(d)}),
    made as (
      insert into ${deliveries} ${STEP_COLUMNS}
      select reminder_id, workspace_id, contact_id, occurrence_at, channel, step, extra, 'queued', ${p.now}, ${p.now}, ${p.now}
        from next
      on conflict (${columnName(deliveries.reminderId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.fallbackStep)})
      do nothing
      returning ${deliveries.reminderId} as reminder_id, ${deliveries.occurrenceAt} as occurrence_at)
    select n.id, (select count(*) from made)::int as inserted from next n
     where exists (select 1 from made m where m.reminder_id = n.reminder_id and m.occurrence_at = n.occurrence_at)
        or exists (select 1 from ${deliveries} ${e} where ${e.reminderId} = n.reminder_id
                     and ${e.occurrenceAt} = n.occurrence_at and ${e.fallbackStep} = n.step and ${e.status} <> 'failed')`,
);

/** Wakes the engines for steps due now (inserts do not fire the deliveries' NOTIFY trigger). */
const WAKE = compileStatement<{ at: string }>(
  (p) => sql`select pg_notify(${sql.raw(`'${NOTIFY_CHANNEL}'`)}, ${p.at})`,
);

/**
 * After deliveries failed for good (in the caller's transaction, which recorded the failure):
 * each whose failure falls back (fallsBack: not a usage refusal, the call cap, a cancellation, the
 * reminder's clip or an answer elsewhere) and whose reminder has a next step gets that step's
 * delivery, queued and due now, exactly once (docs/delivery.md#fallback). Returns the ids of the
 * failed deliveries whose chain goes on: their reminder is not failed, and no alert is due for them.
 */
export async function continueChain(
  client: Queryable,
  failed: { id: number; occurrenceAt: Date; code: string | null }[],
  now: Date,
): Promise<Set<number>> {
  const going = failed.filter((f) => fallsBack(f.code));
  if (going.length === 0) return new Set();
  const times = going.map((f) => f.occurrenceAt.getTime());
  const { rows } = await NEXT_STEPS.run(client, {
    ids: going.map((f) => f.id),
    // A span of the rows' partition keys: only those months are read (see record-outcomes).
    from: new Date(Math.min(...times)),
    to: new Date(Math.max(...times) + 1),
    now,
  });
  if ((rows[0]?.inserted ?? 0) > 0) await WAKE.run(client, { at: String(now.getTime()) });
  return new Set(rows.map((row) => Number(row.id)));
}
