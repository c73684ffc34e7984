import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { STEP_COLUMNS } from "./continue-chain";
import { occurrenceAnswered } from "./fallback-chain";

const d = alias(deliveries, "d");
const r = alias(reminders, "r");

/**
 * Steps whose wait for a confirmation ran out (fallback_due_at, from the partial index), taken
 * once (SKIP LOCKED, then cleared); for each one still sent, still awaiting its answer, with no
 * answer on any step of its occurrence, its reminder not cancelled and not a LATER resend (the
 * recipient answered the step it repeats), the first later step that waits for a confirmation is
 * queued, due now (the steps between, tried only on a failure, are skipped). The unique key (reminder, occurrence, step) makes it once. Returns how many were made.
 */
const ESCALATE = compileStatement<{ now: Date; limit: number }, { made: number }>(
  (p) => sql`with due as (
      select ${deliveries.id} as id, ${deliveries.occurrenceAt} as occurrence_at from ${deliveries}
       where ${deliveries.fallbackDueAt} <= ${p.now}
       order by ${deliveries.fallbackDueAt} limit ${p.limit}
       for update skip locked),
    cleared as (
      update ${deliveries} ${d} set ${columnName(d.fallbackDueAt)} = null
        from due where ${d.id} = due.id and ${d.occurrenceAt} = due.occurrence_at
      returning ${d.id} as id, ${d.reminderId} as reminder_id, ${d.workspaceId} as workspace_id, ${d.contactId} as contact_id,
                ${d.occurrenceAt} as occurrence_at, ${d.fallbackStep} as fallback_step, ${d.extra} as extra,
                ${d.status} in ('sent', 'delivered') and ${d.confirmation} = 'awaiting'
                  and ${d.snoozedFromId} is null as waiting),
    next as (
      select c.*, s.step, ${r.fallbackChannels}[s.step] as channel
        from cleared c join ${reminders} ${r} on ${r.id} = c.reminder_id
        cross join lateral (
          select min(i) as step from generate_subscripts(${r.fallbackWaitMinutes}, 1) as i
           where i > c.fallback_step and ${r.fallbackWaitMinutes}[i] > 0) s
       where c.waiting and s.step is not null and ${r.status} <> 'cancelled'
         and not ${occurrenceAnswered({ reminderId: sql`c.reminder_id`, occurrenceAt: sql`c.occurrence_at` })}),
    made as (
      insert into ${deliveries} ${STEP_COLUMNS}
      select reminder_id, workspace_id, contact_id, occurrence_at, channel, step, extra, 'queued', ${p.now}, ${p.now}, ${p.now}
        from next
      on conflict (${columnName(deliveries.reminderId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.fallbackStep)})
      do nothing
      returning 1)
    select count(*)::int as made from made`,
);

/**
 * The engine's scan for unconfirmed steps (docs/delivery.md#fallback): a step sent asking for a
 * confirmation, whose reminder has a later step waiting for one, got `fallback_due_at` = its send
 * + that step's wait (recordOutcomes); once that time passes with no answer, that later step is
 * queued, due now, in the caller's lease transaction, so this very batch may lease it. The steps
 * answered meanwhile are only cleared. Returns how many steps were queued.
 */
export async function escalateUnconfirmed(client: pg.PoolClient, now: Date, limit: number): Promise<number> {
  const { rows } = await ESCALATE.run(client, { now, limit });
  return rows[0]?.made ?? 0;
}
