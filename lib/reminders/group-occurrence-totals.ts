import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";

/**
 * Each member reminder of a group reminder with its latest scheduled occurrence taken on (Send
 * now extras and LATER snoozes are besides the schedule), and that occurrence's key: its local
 * date in the member reminder's zone, which is the same for every member of one occurrence in
 * both timings. One backward index probe per member (deliveries_reminder_occurrence_step_key).
 */
export function latestPerMember(parentId: string): SQL {
  return sql`
    select m.id, m.contact_id, m.status, m.timezone, m.next_run_at, l.at,
           (l.at at time zone m.timezone)::date as key,
           (m.next_run_at at time zone m.timezone)::date as next_key
      from reminders m
      left join lateral (
        select d.occurrence_at as at from deliveries d
         where d.reminder_id = m.id and not d.extra and d.snoozed_from_id is null
         order by d.occurrence_at desc limit 1) l on true
     where m.parent_reminder_id = ${parentId}`;
}

/**
 * The group's latest occurrence: the latest key any member's deliveries reached, or before the
 * first one, the key of the members' next occurrence.
 */
export function groupKey(): SQL {
  return sql`select coalesce(max(key), min(next_key) filter (where status = 'scheduled')) as key from latest`;
}

export interface GroupOccurrenceTotals {
  /** The occurrence the figures are about, as its local date (YYYY-MM-DD); null: none yet or to come. */
  occurrence: string | null;
  /** Member reminders listed (members who left included: their history stays). */
  members: number;
  /** Members whose last step of the occurrence went out (sent or delivered). */
  sent: number;
  /** Of those, the provider reported delivered. */
  delivered: number;
  /** Members whose last step failed (every channel of the chain that was tried). */
  failed: number;
  /** Members who confirmed on some step. */
  confirmed: number;
  /** Members who played the recording on some step. */
  played: number;
  /** Members whose last step is still going out, or whose occurrence is still to come. */
  pending: number;
}

/**
 * The totals of a group reminder's latest occurrence over all its members, in one statement:
 * each member counts once, by its last fallback step of that occurrence (a WhatsApp that failed
 * and an SMS that went out is one member sent), confirmed and played if any step was.
 */
export async function groupOccurrenceTotals(tx: DbOrTx, parentId: string): Promise<GroupOccurrenceTotals> {
  const { rows } = await tx.execute<{
    occurrence: string | null;
    members: number;
    sent: number;
    delivered: number;
    failed: number;
    confirmed: number;
    played: number;
    pending: number;
  }>(sql`
    with latest as (${latestPerMember(parentId)}),
    grp as (${groupKey()}),
    per_member as (
      select lt.status,
        case when lt.key = grp.key then (
          select d.status from deliveries d where d.reminder_id = lt.id and d.occurrence_at = lt.at
           order by d.fallback_step desc limit 1) end as last_status,
        lt.key = grp.key and exists (
          select 1 from deliveries d where d.reminder_id = lt.id and d.occurrence_at = lt.at
             and d.confirmation = 'confirmed') as confirmed,
        lt.key = grp.key and exists (
          select 1 from deliveries d where d.reminder_id = lt.id and d.occurrence_at = lt.at
             and d.played_at is not null) as played,
        lt.status = 'scheduled' and lt.key is distinct from grp.key and lt.next_key = grp.key as to_come
      from latest lt cross join grp
    )
    select (select key from grp)::text as occurrence,
           count(*)::int as members,
           (count(*) filter (where last_status in ('sent', 'delivered')))::int as sent,
           (count(*) filter (where last_status = 'delivered'))::int as delivered,
           (count(*) filter (where last_status = 'failed'))::int as failed,
           (count(*) filter (where confirmed))::int as confirmed,
           (count(*) filter (where played))::int as played,
           (count(*) filter (where last_status in ('queued', 'held', 'sending') or to_come))::int as pending
      from per_member`);
  const [row] = rows;
  return row;
}
