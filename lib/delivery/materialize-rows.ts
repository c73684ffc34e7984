import "server-only";
import type pg from "pg";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement, selectList } from "@/lib/db/compile-statement";
import { logger } from "@/lib/logger";
import { nextOccurrence } from "@/lib/recurrence";
import { scheduleFromRow, type ScheduleFields } from "@/lib/recurrence/schedule-from-row";
import { c, cd, PEOPLE_JOIN, r, SENDING_COLUMNS, toLeased, type SendingRow } from "./leased-row";
import type { LeasedDelivery } from "./types";

/**
 * A reminder whose occurrence becomes a delivery: its schedule, and what sending it reads. A
 * group reminder (no contact: its contact columns are null) only moves on (see materializeRows).
 */
export interface DueRow extends ScheduleFields, SendingRow {
  id: string;
  workspace_id: string;
  contact_id: string | null;
  delivery_method: LeasedDelivery["channel"];
  next_run_at: Date;
  occurrences_sent: number;
  /** 'YYYY-MM-DD': the occurrence's local day in the reminder's zone. */
  next_local_date: string;
}

/** The contact and contact date as looked up by primary key, one row each (see selectDueRows). */
const ci = alias(contacts, "ci");
const cdi = alias(contactDates, "cdi");

const DUE_COLUMNS = selectList<Omit<DueRow, keyof SendingRow>>({
  id: r.id,
  workspace_id: r.workspaceId,
  contact_id: r.contactId,
  delivery_method: r.deliveryMethod,
  scheduleType: r.scheduleType,
  scheduledFor: r.scheduledFor,
  frequency: r.frequency,
  time: r.time,
  days: r.days,
  dayOfMonth: r.dayOfMonth,
  month: r.month,
  repeatInterval: r.repeatInterval,
  anchorDate: sql`${r.anchorDate}::text`,
  nthWeekday: r.nthWeekday,
  endCondition: r.endCondition,
  endAfterCount: r.endAfterCount,
  endByDate: sql`${r.endByDate}::text`,
  timezone: r.timezone,
  leadDays: r.leadDays,
  next_run_at: r.nextRunAt,
  occurrences_sent: r.occurrencesSent,
  next_local_date: sql`(${r.nextRunAt} at time zone ${r.timezone})::date::text`,
});

/**
 * The due rows of the reminders `locked` selects and locks (`select r.* from reminders r where …
 * for no key update …`), with what sending them reads: their contact (a left join: a group
 * reminder has none, and is read in the same pass as the others rather than by a second statement
 * per batch), workspace, sender and lead person, and contact date. The reminders are locked first
 * and joined after, so only rows this batch took are joined: with batches in parallel, rows
 * another batch holds are skipped before any join is made for them. The locked rows are the
 * reminders' latest versions (what the lock rechecked), and the joins read from those. Each
 * lookup is a lateral by primary key (`limit 1` keeps it one): the batch's 200 rows never make the
 * planner hash a whole table.
 */
export function selectDueRows(locked: SQL): SQL {
  return sql`with ${sql.identifier("due")} as (${locked})
    select ${DUE_COLUMNS}, ${SENDING_COLUMNS}
      from ${sql.identifier("due")} ${r}
      left join lateral (select ${ci}.* from ${contacts} ${ci} where ${ci.id} = ${r.contactId} limit 1) ${c} on true
      ${PEOPLE_JOIN}
      left join lateral (select ${cdi}.* from ${contactDates} ${cdi} where ${cdi.id} = ${r.contactDateId} limit 1) ${cd}
        on true`;
}

export interface MaterializeLease {
  workerId: string;
  until: Date;
}

export interface Materialized {
  /** Ids of the delivery rows created. */
  created: number[];
  /** With a lease: the created rows, leased, with what sending them needs. */
  leased: LeasedDelivery[];
}

/** One delivery per reminder and occurrence (a second one for the same occurrence is none). */
const INSERT_DELIVERIES = compileStatement<
  {
    reminderIds: string[];
    workspaceIds: string[];
    contactIds: string[];
    occurrences: Date[];
    channels: string[];
    now: Date;
    status: string;
    workerId: string | null;
    until: Date | null;
    attempts: number;
    firstAttemptAt: Date | null;
    extra: boolean;
  },
  { id: string; reminder_id: string }
>(
  (
    p,
  ) => sql`insert into ${deliveries} (${columnName(deliveries.reminderId)}, ${columnName(deliveries.workspaceId)},
      ${columnName(deliveries.contactId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.channel)},
      ${columnName(deliveries.status)}, ${columnName(deliveries.nextAttemptAt)}, ${columnName(deliveries.workerId)},
      ${columnName(deliveries.leaseExpiresAt)}, ${columnName(deliveries.attemptCount)},
      ${columnName(deliveries.firstAttemptAt)}, ${columnName(deliveries.lastAttemptAt)},
      ${columnName(deliveries.createdAt)}, ${columnName(deliveries.updatedAt)}, ${columnName(deliveries.extra)})
    select u.reminder_id, u.workspace_id, u.contact_id, u.occurrence_at, u.channel, ${p.status}, ${p.now}, ${p.workerId},
           ${p.until}, ${p.attempts}, ${p.firstAttemptAt}, ${p.firstAttemptAt}, ${p.now}, ${p.now}, ${p.extra}::boolean
      from unnest(${p.reminderIds}::text[], ${p.workspaceIds}::text[], ${p.contactIds}::text[],
                  ${p.occurrences}::timestamptz[], ${p.channels}::text[])
        as u(reminder_id, workspace_id, contact_id, occurrence_at, channel)
    on conflict (${columnName(deliveries.reminderId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.fallbackStep)})
    do nothing
    returning ${deliveries.id} as id, ${deliveries.reminderId} as reminder_id`,
);

/**
 * Moves each reminder to its next occurrence. `id = any(ids)` makes the planner read the rows by
 * primary key rather than hash the whole table (see RECORD_SENT). A group reminder with nothing
 * more due ends 'sent' here: its members' deliveries are their own reminders'.
 */
export const ADVANCE_REMINDERS = compileStatement<{ ids: string[]; next: (Date | null)[]; now: Date }>(
  ({ ids, next, now }) => sql`update ${reminders} ${r}
    set ${columnName(r.nextRunAt)} = u.next_run_at, ${columnName(r.occurrencesSent)} = ${r.occurrencesSent} + 1,
        ${columnName(r.updatedAt)} = ${now},
        ${columnName(r.status)} = case when u.next_run_at is null and ${r.recipient} = 'group' then 'sent'
                                      else ${r.status} end
    from unnest(${ids}::text[], ${next}::timestamptz[]) as u(id, next_run_at)
    where ${r.id} = u.id and ${r.id} = any(${ids}::text[])`,
);

/** The occurrence after this one, or null when the schedule ends (or cannot be read). */
function following(row: DueRow, now: Date): Date | null {
  if (row.scheduleType === "once") return null;
  try {
    // After downtime, missed occurrences are not replayed one by one: the next one is
    // the first after both this occurrence and now.
    const after = row.next_run_at > now ? row.next_run_at : now;
    return nextOccurrence(scheduleFromRow(row), after, row.occurrences_sent + 1);
  } catch (error) {
    logger.warn("delivery.schedule_unreadable", { reminderId: row.id, error });
    return null;
  }
}

/**
 * Turns the reminders read (locked by the caller's select) into delivery rows, one per reminder
 * and occurrence, and moves each reminder to its next occurrence, in the caller's transaction.
 * A group reminder is never sent (its member reminders are): it only moves to its next
 * occurrence in its own zone.
 * Without `lease` the rows are 'queued'; with it they are created already leased to that worker
 * (status 'sending', first attempt), which saves a second write of each row and a join to read
 * what sending needs: the batch that materializes them sends them.
 *
 * `extra` (Send now's extra message): each row's occurrence is `now` and is marked extra, and
 * the reminders keep their next occurrence and count; the message still reads the pending
 * occurrence's date.
 */
export async function materializeRows(
  client: pg.PoolClient,
  rows: DueRow[],
  now: Date,
  lease?: MaterializeLease,
  { extra = false }: { extra?: boolean } = {},
): Promise<Materialized> {
  if (rows.length === 0) return { created: [], leased: [] };
  const due = rows.filter((row): row is DueRow & { contact_id: string } => row.contact_id !== null);
  const occurrenceOf = (row: DueRow) => (extra ? now : row.next_run_at);
  const inserted =
    due.length === 0
      ? { rows: [] }
      : await INSERT_DELIVERIES.run(client, {
          reminderIds: due.map((row) => row.id),
          workspaceIds: due.map((row) => row.workspace_id),
          contactIds: due.map((row) => row.contact_id),
          occurrences: due.map(occurrenceOf),
          channels: due.map((row) => row.delivery_method),
          now,
          status: lease ? "sending" : "queued",
          workerId: lease?.workerId ?? null,
          until: lease?.until ?? null,
          attempts: lease ? 1 : 0,
          // A leased row's first attempt starts now, as leaseDeliveries would record it.
          firstAttemptAt: lease ? now : null,
          extra,
        });
  if (!extra) {
    const next = rows.map((row) => following(row, now));
    await ADVANCE_REMINDERS.run(client, { ids: rows.map((row) => row.id), next, now });
  }
  const created = inserted.rows.map((row) => Number(row.id));
  if (!lease) return { created, leased: [] };
  const byReminder = new Map(due.map((row) => [row.id, row]));
  const leased = inserted.rows.map((d) => {
    const row = byReminder.get(d.reminder_id)!;
    return toLeased({
      ...row,
      id: d.id,
      reminder_id: row.id,
      channel: row.delivery_method,
      occurrence_at: occurrenceOf(row),
      attempt_count: 1,
      slowed_count: 0,
      last_error_code: null,
      created_at: now,
      occurrence_local_date: row.next_local_date,
      fallback_step: 0,
      answered_earlier: false,
    });
  });
  return { created, leased };
}
