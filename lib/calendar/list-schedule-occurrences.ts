import "server-only";
import { and, eq, getTableColumns, isNotNull, lt } from "drizzle-orm";
import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { invalidInput } from "@/lib/errors/domain-error";
import { latestFailureCode } from "@/lib/reminders/latest-failure-code";
import { loadReminderClips } from "@/lib/reminders/load-reminder-clips";
import { toReminderDto, type ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { occurrencesBetween } from "./occurrences-between";
import { MONTH_GRID_DAYS } from "./schedule-period";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The longest window a page may read: a month page's six weeks, and an hour for a clock change. */
export const SCHEDULE_MAX_WINDOW_MS = MONTH_GRID_DAYS * DAY_MS + HOUR_MS;
/** At most this many occurrences on one page; the soonest are kept. */
export const SCHEDULE_MAX_OCCURRENCES = 2_000;

export interface ScheduleOccurrence {
  reminderId: string;
  /** ISO UTC. */
  at: string;
}

export interface ScheduleOccurrences {
  /** Soonest first. */
  occurrences: ScheduleOccurrence[];
  /** Each reminder with an occurrence in the window, once, as the lists show it (the dialog opens it). */
  reminders: ReminderDto[];
  /** The cap was reached: later occurrences in the window are not listed. */
  truncated: boolean;
}

/**
 * The user's scheduled occurrences from `from` (inclusive) to `to` (exclusive), at most six
 * weeks: every occurrence of each recurring reminder, from the expansion the calendar feed uses
 * (`occurrencesBetween`: the engine's next occurrences from each reminder's next run). Cancelled,
 * sent and failed reminders have none; another user's are never read.
 */
export async function listScheduleOccurrences(
  userId: string,
  window: { from: Date; to: Date },
): Promise<ScheduleOccurrences> {
  const span = window.to.getTime() - window.from.getTime();
  if (!(span > 0 && span <= SCHEDULE_MAX_WINDOW_MS)) {
    throw invalidInput("A schedule page covers one day to six weeks");
  }
  const rows = await db
    .select({ ...getTableColumns(reminders), contactName: contacts.name, failureCode: latestFailureCode() })
    .from(reminders)
    .leftJoin(contacts, eq(contacts.id, reminders.contactId))
    .where(
      and(
        eq(reminders.userId, userId),
        eq(reminders.status, "scheduled"),
        isNotNull(reminders.nextRunAt),
        lt(reminders.nextRunAt, window.to),
      ),
    );
  const expandable = rows.flatMap((row) => (row.nextRunAt ? [{ ...row, nextRunAt: row.nextRunAt }] : []));
  // The engine sends a reminder at most once a local day, so one a day of the window (and one
  // more where the user's days and the reminder's zone's days do not line up) never cuts any.
  const perReminder = Math.ceil(span / DAY_MS) + 1;
  const found = occurrencesBetween(
    expandable,
    { from: window.from, to: window.to },
    { perReminder, total: SCHEDULE_MAX_OCCURRENCES },
  );

  const shown = new Map(found.map(({ reminder }) => [reminder.id, reminder]));
  const clips = await loadReminderClips(
    [...shown.values()].flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
  );
  return {
    occurrences: found.map(({ reminder, at }) => ({ reminderId: reminder.id, at: at.toISOString() })),
    reminders: [...shown.values()].map((row) =>
      toReminderDto(
        row,
        row.contactName,
        row.failureCode,
        row.mediaId ? (clips.get(row.mediaId) ?? null) : null,
      ),
    ),
    truncated: found.length >= SCHEDULE_MAX_OCCURRENCES,
  };
}
