import { END_CONDITIONS, FREQUENCIES, WEEKDAYS } from "@/db/schema/enums";
import { parseCivilDate, parseCivilDateTime, parseTime } from "./civil-date";
import { MAX_LEAD_DAYS } from "./lead-offset";
import { assertTimeZone } from "./time-zone";
import { MAX_INTERVAL, NTH_WEEKDAYS, type Schedule } from "./types";

function problemOf(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const isIntegerIn = (value: unknown, min: number, max: number): boolean =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/** Why `timeZone` cannot be computed in, or null for an IANA zone the runtime knows. */
export function timeZoneProblem(timeZone: string): string | null {
  return problemOf(() => assertTimeZone(timeZone)) ? `Invalid time zone '${timeZone}'` : null;
}

/** The interval and its anchor: every 1 to MAX_INTERVAL periods, counted from a real date. */
function repeatProblem(schedule: Schedule): string | null {
  const interval = schedule.interval ?? 1;
  if (!isIntegerIn(interval, 1, MAX_INTERVAL))
    return `interval must be a whole number from 1 to ${MAX_INTERVAL}, got ${String(schedule.interval)}`;
  if (schedule.anchorDate !== undefined) {
    const anchorProblem = problemOf(() => parseCivilDate(schedule.anchorDate ?? ""));
    if (anchorProblem) return `anchorDate: ${anchorProblem}`;
  } else if (interval > 1) return "An interval above 1 needs anchorDate, the first occurrence's date";
  return null;
}

/**
 * Why the schedule cannot be computed, or null when it is complete and well-formed.
 * Fields that do not apply to the schedule's type or frequency are ignored.
 */
export function scheduleProblem(schedule: Schedule): string | null {
  const zoneProblem = timeZoneProblem(schedule.timezone);
  if (zoneProblem) return zoneProblem;

  if (schedule.scheduleType === "once") {
    if (!schedule.localDateTime) return "A one-time schedule needs localDateTime";
    return problemOf(() => parseCivilDateTime(schedule.localDateTime ?? ""));
  }
  if (schedule.scheduleType !== "recurring")
    return `Unknown schedule type '${String(schedule.scheduleType)}'`;

  const { frequency } = schedule;
  if (!frequency || !FREQUENCIES.includes(frequency)) return `Unknown frequency '${String(frequency)}'`;
  if (schedule.time !== undefined) {
    const timeProblem = problemOf(() => parseTime(schedule.time ?? ""));
    if (timeProblem) return timeProblem;
  }
  const intervalProblem = repeatProblem(schedule);
  if (intervalProblem) return intervalProblem;
  const nth = schedule.nthWeekday;
  const byWeekday = nth !== undefined && (frequency === "monthly" || frequency === "yearly");
  if (frequency === "weekly" || byWeekday) {
    const days = schedule.days ?? [];
    if (days.length === 0) return `A ${frequency} schedule needs at least one day`;
    const unknown = days.find((day) => !WEEKDAYS.includes(day));
    if (unknown !== undefined) return `Unknown weekday '${String(unknown)}'`;
  }
  if (byWeekday) {
    if (!NTH_WEEKDAYS.includes(nth)) return `nthWeekday must be 1, 2, 3, 4 or -1 (last), got ${String(nth)}`;
    if ((schedule.days ?? []).length !== 1) return "nthWeekday needs exactly one weekday in days";
  } else if (
    (frequency === "monthly" || frequency === "yearly") &&
    !isIntegerIn(schedule.dayOfMonth, 1, 31)
  ) {
    return `dayOfMonth must be 1-31, got ${String(schedule.dayOfMonth)}`;
  }
  if (frequency === "yearly") {
    // Any day 1-31 is accepted for any month: a day the month lacks falls on its last day.
    if (!isIntegerIn(schedule.month, 1, 12)) return `month must be 1-12, got ${String(schedule.month)}`;
  }
  if (schedule.leadDays !== undefined) {
    if (frequency !== "yearly" || (schedule.interval ?? 1) !== 1 || byWeekday)
      return "leadDays applies to a yearly schedule on a day of the month, every year";
    if (!isIntegerIn(schedule.leadDays, 1, MAX_LEAD_DAYS))
      return `leadDays must be 1-${MAX_LEAD_DAYS}, got ${String(schedule.leadDays)}`;
  }

  const end = schedule.endCondition ?? "never";
  if (!END_CONDITIONS.includes(end)) return `Unknown end condition '${String(end)}'`;
  if (end === "after" && !isIntegerIn(schedule.endAfterCount, 1, Number.MAX_SAFE_INTEGER)) {
    return `endAfterCount must be a whole number >= 1, got ${String(schedule.endAfterCount)}`;
  }
  if (end === "by") {
    if (!schedule.endByDate) return "An end condition 'by' needs endByDate";
    return problemOf(() => parseCivilDate(schedule.endByDate ?? ""));
  }
  return null;
}

/** Throws RangeError with `scheduleProblem`'s message when the schedule is not usable. */
export function assertValidSchedule(schedule: Schedule): void {
  const problem = scheduleProblem(schedule);
  if (problem) throw new RangeError(problem);
}
