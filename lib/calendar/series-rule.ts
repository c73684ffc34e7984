import "server-only";
import { usesField } from "@/lib/messages/render-fields";
import { scheduleProblem, scheduleRrule, type RecurrenceLines, type Schedule } from "@/lib/recurrence";
import { scheduleFromRow } from "@/lib/recurrence/schedule-from-row";
import type { FeedReminderRow } from "./to-calendar-event";

/**
 * The RRULE a recurring reminder is listed as in the feed (one event that calendar apps repeat),
 * from its next run on, with what 'after N' leaves; null when it is listed one occurrence at a
 * time: a one-time reminder, a message whose words change with each occurrence (`{age}`,
 * `{date}`), a lead reminder whose day moves with leap years, or a stored schedule that cannot
 * be read or whose next run is not one of its occurrences.
 */
export function seriesRule(row: FeedReminderRow): { lines: RecurrenceLines; schedule: Schedule } | null {
  if (row.scheduleType !== "recurring") return null;
  const body = row.message ?? "";
  if (usesField(body, "age") || usesField(body, "date")) return null;
  const schedule = scheduleFromRow(row);
  if (scheduleProblem(schedule)) return null;
  try {
    const lines = scheduleRrule(schedule, row.nextRunAt, row.occurrencesSent);
    return lines ? { lines, schedule } : null;
  } catch {
    // The next run is not an occurrence of the rule (a row written outside the API).
    return null;
  }
}
