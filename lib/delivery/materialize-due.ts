import type pg from "pg";
import { nextOccurrence } from "@/lib/recurrence";
import { logger } from "@/lib/logger";
import { toSchedule, type ScheduleRow } from "./to-schedule";

interface DueRow extends ScheduleRow {
  id: string;
  user_id: string;
  contact_id: string;
  delivery_method: string;
  next_run_at: Date;
  occurrences_sent: number;
}

export interface MaterializeOptions {
  now: Date;
  limit: number;
  /** Send now: this reminder's pending occurrence, whether due or not. */
  reminderId?: string;
  userId?: string;
}

const COLUMNS = `r.id, r.user_id, r.contact_id, r.delivery_method, r.schedule_type, r.scheduled_for,
  r.frequency, r.time, r.days, r.day_of_month, r.month, r.end_condition, r.end_after_count,
  r.end_by_date::text as end_by_date, r.timezone, r.next_run_at, r.occurrences_sent`;

/** The occurrence after this one, or null when the schedule ends (or cannot be read). */
function following(row: DueRow, now: Date): Date | null {
  if (row.schedule_type === "once") return null;
  try {
    // After downtime, missed occurrences are not replayed one by one: the next one is
    // the first after both this occurrence and now.
    const after = row.next_run_at > now ? row.next_run_at : now;
    return nextOccurrence(toSchedule(row), after, row.occurrences_sent + 1);
  } catch (error) {
    logger.warn("delivery.schedule_unreadable", { reminderId: row.id, error });
    return null;
  }
}

/**
 * Send now sends an occurrence ahead of its time; until that time comes it stays the
 * reminder's current occurrence, so another Send now (a double click, a second tab) sends
 * nothing and leaves the schedule where it is. Called with the reminder row locked.
 */
async function sentAhead(client: pg.PoolClient, reminderId: string, now: Date): Promise<boolean> {
  const { rows } = await client.query(
    `select 1 from deliveries where reminder_id = $1 and occurrence_at > $2 limit 1`,
    [reminderId, now],
  );
  return rows.length > 0;
}

/**
 * Turns due reminders into delivery rows (one per reminder + occurrence, 'queued' now) and
 * moves each reminder to its next occurrence, in the caller's transaction. Rows are locked
 * with SKIP LOCKED so concurrent workers take disjoint reminders; only 'scheduled' ones
 * are read, so a cancelled reminder (or one whose contact was deleted) is never taken.
 * Returns the ids of the delivery rows created.
 */
export async function materializeDue(client: pg.PoolClient, options: MaterializeOptions): Promise<number[]> {
  const { rows } = options.reminderId
    ? await client.query<DueRow>(
        `select ${COLUMNS} from reminders r
          where r.id = $1 and r.user_id = $2 and r.status = 'scheduled' and r.next_run_at is not null
          for update`,
        [options.reminderId, options.userId],
      )
    : await client.query<DueRow>(
        `select ${COLUMNS} from reminders r
          where r.status = 'scheduled' and r.next_run_at is not null and r.next_run_at <= $1
          order by r.next_run_at limit $2
          for update skip locked`,
        [options.now, options.limit],
      );
  if (rows.length === 0) return [];
  if (options.reminderId && (await sentAhead(client, options.reminderId, options.now))) return [];
  const next = rows.map((row) => following(row, options.now));
  const inserted = await client.query<{ id: number }>(
    `insert into deliveries (reminder_id, user_id, contact_id, occurrence_at, channel, status, next_attempt_at, created_at, updated_at)
     select u.reminder_id, u.user_id, u.contact_id, u.occurrence_at, u.channel, 'queued', $6, $6, $6
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])
         as u(reminder_id, user_id, contact_id, occurrence_at, channel)
     on conflict (reminder_id, occurrence_at) do nothing
     returning id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.user_id),
      rows.map((r) => r.contact_id),
      rows.map((r) => r.next_run_at),
      rows.map((r) => r.delivery_method),
      options.now,
    ],
  );
  await client.query(
    `update reminders r
        set next_run_at = u.next_run_at, occurrences_sent = r.occurrences_sent + 1, updated_at = $3
       from unnest($1::text[], $2::timestamptz[]) as u(id, next_run_at)
      where r.id = u.id`,
    [rows.map((r) => r.id), next, options.now],
  );
  return inserted.rows.map((r) => Number(r.id));
}
