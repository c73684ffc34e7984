import "server-only";
import { and, eq, getTableColumns, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { invalidInput } from "@/lib/errors/domain-error";
import { groupSelection } from "@/lib/reminders/group-columns";
import { latestFailureCode } from "@/lib/reminders/latest-failure-code";
import { loadReminderClips } from "@/lib/reminders/load-reminder-clips";
import { toReminderDto, type ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { occurrencesBetween } from "./occurrences-between";
import { occurrenceStatus, type OccurrenceStatus } from "./occurrence-status";
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
  status: OccurrenceStatus;
}

export interface ScheduleOccurrences {
  /** Soonest first. */
  occurrences: ScheduleOccurrence[];
  /** Each reminder with an occurrence in the window, once, as the lists show it (the dialog opens it). */
  reminders: ReminderDto[];
  /** The cap was reached: later occurrences in the window are not listed. */
  truncated: boolean;
}

function selection() {
  return {
    ...getTableColumns(reminders),
    contactName: contacts.name,
    failureCode: latestFailureCode(),
    ...groupSelection(),
  };
}

/**
 * The occurrences the engine has taken on in the window, one per reminder and occurrence: a
 * reminder's fallback steps are one occurrence (the last step tells where it stands), and a
 * member reminder's occurrence is its group reminder's, at the group reminder's instant (the
 * member's wall time read in the group reminder's zone), where it stands as the whole group's:
 * still going out while any member's is, else sent when any member's went out, else failed.
 */
async function takenOccurrences(workspaceId: string, window: { from: Date; to: Date }) {
  // A local-time member's wall time is at most about a day from the group's instant.
  const from = new Date(window.from.getTime() - DAY_MS - HOUR_MS);
  const to = new Date(window.to.getTime() + DAY_MS + HOUR_MS);
  const { rows } = await db.execute<{ reminderId: string; at: string; status: string }>(sql`
    with steps as (
      select distinct on (d.reminder_id, d.occurrence_at)
             coalesce(r.parent_reminder_id, d.reminder_id) as reminder_id,
             case when r.parent_reminder_id is null then d.occurrence_at
                  else (d.occurrence_at at time zone r.timezone) at time zone p.timezone end as at,
             d.status
        from deliveries d
        join reminders r on r.id = d.reminder_id
        left join reminders p on p.id = r.parent_reminder_id
       where d.workspace_id = ${workspaceId} and d.occurrence_at >= ${from} and d.occurrence_at < ${to}
       order by d.reminder_id, d.occurrence_at, d.fallback_step desc
    )
    select reminder_id as "reminderId", to_json(at) #>> '{}' as at,
           case when bool_or(status in ('queued', 'held', 'sending')) then 'queued'
                when bool_or(status in ('sent', 'delivered')) then 'sent'
                else 'failed' end as status
      from steps
     group by reminder_id, at`);
  return rows.map((row) => ({
    reminderId: row.reminderId,
    at: new Date(row.at),
    status: occurrenceStatus(row.status),
  }));
}

/**
 * The user's occurrences from `from` (inclusive) to `to` (exclusive), at most six weeks: those
 * the engine has taken on, from their deliveries (sent, failed, or still going out), and those
 * to come, every occurrence of each scheduled reminder from the expansion the calendar feed uses
 * (`occurrencesBetween`: the engine's next occurrences from each reminder's next run; a taken
 * occurrence is behind the next run, so none is listed twice). Another user's are never read.
 */
export async function listScheduleOccurrences(
  workspaceId: string,
  window: { from: Date; to: Date },
): Promise<ScheduleOccurrences> {
  const span = window.to.getTime() - window.from.getTime();
  if (!(span > 0 && span <= SCHEDULE_MAX_WINDOW_MS)) {
    throw invalidInput("A schedule page covers one day to six weeks");
  }
  const rows = await db
    .select(selection())
    .from(reminders)
    .leftJoin(contacts, eq(contacts.id, reminders.contactId))
    .where(
      and(
        eq(reminders.workspaceId, workspaceId),
        eq(reminders.status, "scheduled"),
        isNotNull(reminders.nextRunAt),
        lt(reminders.nextRunAt, window.to),
        isNull(reminders.parentReminderId),
      ),
    );
  const taken = (await takenOccurrences(workspaceId, window)).filter(
    (row) => row.at >= window.from && row.at < window.to,
  );
  const expandable = rows.flatMap((row) => (row.nextRunAt ? [{ ...row, nextRunAt: row.nextRunAt }] : []));
  // The engine sends a reminder at most once a local day, so one a day of the window (and one
  // more where the user's days and the reminder's zone's days do not line up) never cuts any.
  const perReminder = Math.ceil(span / DAY_MS) + 1;
  const takenKeys = new Set(taken.map((row) => `${row.reminderId}|${row.at.getTime()}`));
  // A group occurrence some members already had (their zone's evening came first) is listed once.
  const found = occurrencesBetween(
    expandable,
    { from: window.from, to: window.to },
    { perReminder, total: SCHEDULE_MAX_OCCURRENCES },
  ).filter(({ reminder, at }) => !takenKeys.has(`${reminder.id}|${at.getTime()}`));

  const occurrences: ScheduleOccurrence[] = [
    ...taken.map((row) => ({
      reminderId: row.reminderId,
      at: row.at.toISOString(),
      status: row.status,
    })),
    ...found.map(({ reminder, at }) => ({
      reminderId: reminder.id,
      at: at.toISOString(),
      status: "scheduled" as const,
    })),
  ]
    .sort((a, b) => a.at.localeCompare(b.at))
    .slice(0, SCHEDULE_MAX_OCCURRENCES);

  const shown = new Map<string, (typeof rows)[number]>(found.map(({ reminder }) => [reminder.id, reminder]));
  // A taken occurrence's reminder may since have been sent, failed or cancelled: read it too.
  const missing = [...new Set(occurrences.map((o) => o.reminderId))].filter((id) => !shown.has(id));
  if (missing.length) {
    const past = await db
      .select(selection())
      .from(reminders)
      .leftJoin(contacts, eq(contacts.id, reminders.contactId))
      .where(and(eq(reminders.workspaceId, workspaceId), inArray(reminders.id, missing)));
    for (const row of past) shown.set(row.id, row);
  }
  const clips = await loadReminderClips(
    [...shown.values()].flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
  );
  return {
    occurrences,
    reminders: [...shown.values()].map((row) =>
      toReminderDto(
        row,
        row.contactName,
        row.failureCode,
        row.mediaId ? (clips.get(row.mediaId) ?? null) : null,
        row,
      ),
    ),
    truncated: found.length + taken.length >= SCHEDULE_MAX_OCCURRENCES,
  };
}
