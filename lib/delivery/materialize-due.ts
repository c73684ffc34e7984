import "server-only";
import type pg from "pg";
import { nextOccurrence } from "@/lib/recurrence";
import { logger } from "@/lib/logger";
import { scheduleFromRow, type ScheduleFields } from "@/lib/recurrence/schedule-from-row";
import { FIELD_COLUMNS, toLeased, type LeasedRow } from "./lease-deliveries";
import type { LeasedDelivery } from "./types";
import { senderNameSql } from "@/lib/users/sender-name";

const SENDER_NAME = senderNameSql("u");

interface DueRow
  extends
    ScheduleFields,
    Omit<
      LeasedRow,
      | "id"
      | "reminder_id"
      | "channel"
      | "occurrence_at"
      | "attempt_count"
      | "slowed_count"
      | "last_error_code"
      | "created_at"
      | "occurrence_local_date"
    > {
  id: string;
  contact_id: string;
  delivery_method: string;
  next_run_at: Date;
  occurrences_sent: number;
  next_local_date: string;
}

export interface MaterializeOptions {
  now: Date;
  limit: number;
  /** Send now: this reminder's pending occurrence, whether due or not. */
  reminderId?: string;
  userId?: string;
  /**
   * Create the rows already leased to this worker (status 'sending', first attempt) rather
   * than 'queued': the batch that materializes them sends them, and saves a second write
   * of each row and a join to read what sending needs.
   */
  lease?: { workerId: string; until: Date };
}

export interface Materialized {
  /** Ids of the delivery rows created. */
  created: number[];
  /** With `lease`: the created rows, leased, with what sending them needs. */
  leased: LeasedDelivery[];
}

// The reminder's schedule, plus (for a leased row) its contact, sender and message fields, read by primary key.
const COLUMNS = `r.id, r.user_id, r.contact_id, r.delivery_method, r.schedule_type as "scheduleType",
  r.scheduled_for as "scheduledFor", r.frequency, r.time, r.days, r.day_of_month as "dayOfMonth", r.month,
  r.end_condition as "endCondition", r.end_after_count as "endAfterCount", r.end_by_date::text as "endByDate",
  r.timezone, r.next_run_at, r.occurrences_sent,
  r.status as reminder_status, r.message, r.ask_confirmation, c.name as contact_name, c.email, c.phone,
  c.timezone as contact_timezone, c.locale as contact_locale, c.email_opt_out, c.sms_opt_out, c.whatsapp_opt_out,
  c.whatsapp_consent_at, c.email_suppressed_at is not null as email_suppressed, c.unsubscribe_token,
  ${SENDER_NAME} as sender_name,
  u.email as sender_email, u.locale, u.timezone as user_timezone, r.lead_days as "leadDays", ${FIELD_COLUMNS}`;
const FROM = `reminders r join contacts c on c.id = r.contact_id join users u on u.id = r.user_id
  left join contact_dates cd on cd.id = r.contact_date_id`;

/**
 * Moves each reminder ($1 ids) to its next occurrence ($2). `id = any($1)` makes the planner read
 * the rows by primary key rather than hash the whole table (see RECORD_SENT_SQL).
 */
export const ADVANCE_REMINDERS_SQL = `update reminders r
    set next_run_at = u.next_run_at, occurrences_sent = r.occurrences_sent + 1, updated_at = $3
   from unnest($1::text[], $2::timestamptz[]) as u(id, next_run_at)
  where r.id = u.id and r.id = any($1::text[])`;

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
 * Send now sends an occurrence ahead of its time; until that time comes it stays the
 * reminder's current occurrence, so another Send now (a double click, a second tab) sends
 * nothing and leaves the schedule where it is. Called with the reminder row locked. A LATER
 * resend of an earlier occurrence (due an hour after the reply) is not an occurrence sent ahead.
 */
async function sentAhead(client: pg.PoolClient, reminderId: string, now: Date): Promise<boolean> {
  const { rows } = await client.query(
    `select 1 from deliveries where reminder_id = $1 and occurrence_at > $2 and snoozed_from_id is null limit 1`,
    [reminderId, now],
  );
  return rows.length > 0;
}

/**
 * Turns due reminders into delivery rows (one per reminder + occurrence, 'queued' now) and
 * moves each reminder to its next occurrence, in the caller's transaction. Rows are locked
 * with SKIP LOCKED so concurrent workers take disjoint reminders; only 'scheduled' ones
 * are read, so a cancelled reminder (or one whose contact was deleted) is never taken.
 */
export async function materializeDue(
  client: pg.PoolClient,
  options: MaterializeOptions,
): Promise<Materialized> {
  const { rows } = options.reminderId
    ? await client.query<DueRow>(
        `select ${COLUMNS} from ${FROM}
          where r.id = $1 and r.user_id = $2 and r.status = 'scheduled' and r.next_run_at is not null
          for update of r`,
        [options.reminderId, options.userId],
      )
    : await client.query<DueRow>(
        `select ${COLUMNS} from ${FROM}
          where r.status = 'scheduled' and r.next_run_at is not null and r.next_run_at <= $1
          order by r.next_run_at limit $2
          for update of r skip locked`,
        [options.now, options.limit],
      );
  if (rows.length === 0) return { created: [], leased: [] };
  if (options.reminderId && (await sentAhead(client, options.reminderId, options.now))) {
    return { created: [], leased: [] };
  }
  const next = rows.map((row) => following(row, options.now));
  const lease = options.lease;
  const inserted = await client.query<{ id: string; reminder_id: string }>(
    `insert into deliveries (reminder_id, user_id, contact_id, occurrence_at, channel, status, next_attempt_at,
                             worker_id, lease_expires_at, attempt_count, first_attempt_at, last_attempt_at,
                             created_at, updated_at)
     select u.reminder_id, u.user_id, u.contact_id, u.occurrence_at, u.channel, $7, $6, $8, $9, $10, $11, $11, $6, $6
       from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[])
         as u(reminder_id, user_id, contact_id, occurrence_at, channel)
     on conflict (reminder_id, occurrence_at) do nothing
     returning id, reminder_id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.user_id),
      rows.map((r) => r.contact_id),
      rows.map((r) => r.next_run_at),
      rows.map((r) => r.delivery_method),
      options.now,
      lease ? "sending" : "queued",
      lease?.workerId ?? null,
      lease?.until ?? null,
      lease ? 1 : 0,
      // A leased row's first attempt starts now, as leaseDeliveries would record it.
      lease ? options.now : null,
    ],
  );
  await client.query(ADVANCE_REMINDERS_SQL, [rows.map((r) => r.id), next, options.now]);
  const created = inserted.rows.map((r) => Number(r.id));
  if (!lease) return { created, leased: [] };
  const byReminder = new Map(rows.map((r) => [r.id, r]));
  const leased = inserted.rows.map((d) => {
    const r = byReminder.get(d.reminder_id)!;
    return toLeased({
      ...r,
      id: d.id,
      reminder_id: r.id,
      channel: r.delivery_method as LeasedRow["channel"],
      occurrence_at: r.next_run_at,
      attempt_count: 1,
      slowed_count: 0,
      last_error_code: null,
      created_at: options.now,
      occurrence_local_date: r.next_local_date,
    });
  });
  return { created, leased };
}
