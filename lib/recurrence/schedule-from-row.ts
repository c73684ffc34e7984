import type { reminders } from "@/db/schema";
import type { EndCondition, Frequency, NthWeekday, ScheduleType, Weekday } from "@/db/schema/enums";
import { DEFAULT_TIME, formatCivilDateTime, utcToLocal, type Schedule } from "@/lib/recurrence";

export type ReminderRow = typeof reminders.$inferSelect;

/** The columns a stored schedule lives in (what scheduleFromRow reads). */
export type ScheduleFields = Pick<
  ReminderRow,
  | "scheduleType"
  | "scheduledFor"
  | "frequency"
  | "time"
  | "days"
  | "dayOfMonth"
  | "month"
  | "repeatInterval"
  | "anchorDate"
  | "nthWeekday"
  | "endCondition"
  | "endAfterCount"
  | "endByDate"
  | "timezone"
  | "leadDays"
>;

/** The recurrence engine's view of a stored reminder (the API's and the delivery engine's). */
export function scheduleFromRow(row: ScheduleFields): Schedule {
  if (row.scheduleType === "once") {
    const local = row.scheduledFor ? utcToLocal(row.scheduledFor.getTime(), row.timezone) : undefined;
    return {
      scheduleType: "once",
      localDateTime: local ? formatCivilDateTime(local) : undefined,
      timezone: row.timezone,
    };
  }
  return {
    scheduleType: row.scheduleType as ScheduleType,
    frequency: (row.frequency ?? undefined) as Frequency | undefined,
    time: row.time ?? DEFAULT_TIME,
    days: (row.days ?? undefined) as Weekday[] | undefined,
    dayOfMonth: row.dayOfMonth ?? undefined,
    month: row.month ?? undefined,
    // Absent on every reminder stored before intervals: every one counts, from no first day.
    ...(row.repeatInterval != null ? { interval: row.repeatInterval } : {}),
    ...(row.anchorDate != null ? { anchorDate: row.anchorDate } : {}),
    ...(row.nthWeekday != null ? { nthWeekday: row.nthWeekday as NthWeekday } : {}),
    endCondition: (row.endCondition ?? "never") as EndCondition,
    endAfterCount: row.endAfterCount ?? undefined,
    endByDate: row.endByDate ?? undefined,
    leadDays: row.leadDays ?? undefined,
    timezone: row.timezone,
  };
}

/** The columns a schedule is stored in (frequencyConfig spread into typed columns). */
export function scheduleColumns(schedule: Schedule, scheduledFor: Date) {
  const recurring = schedule.scheduleType === "recurring";
  return {
    scheduleType: schedule.scheduleType,
    scheduledFor,
    frequency: recurring ? (schedule.frequency ?? null) : null,
    time: recurring ? (schedule.time ?? DEFAULT_TIME) : null,
    days: recurring ? (schedule.days ?? null) : null,
    dayOfMonth: recurring ? (schedule.dayOfMonth ?? null) : null,
    month: recurring ? (schedule.month ?? null) : null,
    // Every one is stored as null, as before intervals.
    repeatInterval: recurring && (schedule.interval ?? 1) > 1 ? (schedule.interval ?? null) : null,
    anchorDate: recurring ? (schedule.anchorDate ?? null) : null,
    nthWeekday: recurring ? (schedule.nthWeekday ?? null) : null,
    endCondition: recurring ? (schedule.endCondition ?? "never") : null,
    endAfterCount: recurring ? (schedule.endAfterCount ?? null) : null,
    endByDate: recurring ? (schedule.endByDate ?? null) : null,
    timezone: schedule.timezone,
  };
}
