import { WEEKDAYS } from "@/db/schema/enums";
import {
  addDays,
  addMonths,
  clampedDate,
  compareCivilDates,
  dayNumber,
  fromDayNumber,
  isoWeekdayIndex,
  parseCivilDate,
  parseCivilDateTime,
  parseTime,
  type CivilDate,
} from "./civil-date";
import { leadDate } from "./lead-offset";
import { nthWeekdayDate } from "./nth-weekday";
import { utcToLocal, wallTimeToUtcMs } from "./time-zone";
import { DEFAULT_TIME, type Schedule } from "./types";
import { assertValidSchedule } from "./validate-schedule";

/** The most occurrences `nextOccurrences` returns in one call. */
export const MAX_OCCURRENCES_PER_CALL = 10_000;

/** Safety net: no valid schedule needs more than a handful of candidate days per occurrence. */
const MAX_CANDIDATES = 1_000;

/** The remainder of a division, never negative: mod(-1, 3) is 2. */
const mod = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** The day of a month a monthly or yearly schedule falls on: its nth weekday, or its day (clamped). */
function dayInMonth(schedule: Schedule, year: number, month: number): CivilDate {
  const weekday = schedule.days?.[0];
  if (schedule.nthWeekday !== undefined && weekday !== undefined) {
    return nthWeekdayDate(year, month, WEEKDAYS.indexOf(weekday), schedule.nthWeekday);
  }
  return clampedDate(year, month, schedule.dayOfMonth ?? 1);
}

/**
 * Candidate local dates in increasing order from `start` (inclusive, give or take: monthly and
 * yearly begin with `start`'s month/year, whose date may lie just before `start`), never before
 * the anchor date, in the periods the interval keeps (counted from the anchor's period).
 * Daily steps by the interval; weekly steps day by day within a kept week and jumps to the next
 * kept one; monthly steps month by month and yearly year by year (by the interval), never day
 * by day.
 */
function* candidateDates(schedule: Schedule, start: CivilDate): Generator<CivilDate> {
  const interval = schedule.interval ?? 1;
  const anchor = schedule.anchorDate ? parseCivilDate(schedule.anchorDate) : null;
  const from = anchor && compareCivilDates(anchor, start) > 0 ? anchor : start;
  const notBeforeAnchor = (date: CivilDate) => !anchor || compareCivilDates(date, anchor) >= 0;
  switch (schedule.frequency) {
    case "daily": {
      let day = dayNumber(from);
      if (anchor) day += mod(dayNumber(anchor) - day, interval);
      for (; ; day += interval) yield fromDayNumber(day);
    }
    case "weekly": {
      const wanted = new Set((schedule.days ?? []).map((day) => WEEKDAYS.indexOf(day)));
      if (wanted.size === 0) return;
      const anchorMonday = anchor ? dayNumber(anchor) - isoWeekdayIndex(anchor) : 0;
      for (let day = dayNumber(from); ;) {
        const date = fromDayNumber(day);
        const monday = day - isoWeekdayIndex(date);
        const skipWeeks = anchor ? mod((anchorMonday - monday) / 7, interval) : 0;
        if (skipWeeks > 0) {
          day = monday + 7 * skipWeeks;
          continue;
        }
        if (wanted.has(isoWeekdayIndex(date))) yield date;
        day += 1;
      }
    }
    case "monthly": {
      const skip = anchor
        ? mod(anchor.year * 12 + anchor.month - (from.year * 12 + from.month), interval)
        : 0;
      for (let month = addMonths(from.year, from.month, skip); ;) {
        const date = dayInMonth(schedule, month.year, month.month);
        if (notBeforeAnchor(date)) yield date;
        month = addMonths(month.year, month.month, interval);
      }
    }
    case "yearly":
      // A lead moves each year's date earlier, possibly into the year before: still increasing.
      for (let year = from.year + (anchor ? mod(anchor.year - from.year, interval) : 0); ; year += interval) {
        const date =
          schedule.nthWeekday === undefined
            ? leadDate(year, schedule.month ?? 1, schedule.dayOfMonth ?? 1, schedule.leadDays ?? 0)
            : dayInMonth(schedule, year, schedule.month ?? 1);
        if (notBeforeAnchor(date)) yield date;
      }
  }
}

/** The first recurring occurrence strictly after `afterMs`, ignoring the 'after N' budget. */
function nextRecurringMs(schedule: Schedule, afterMs: number): number | null {
  const { hour, minute } = parseTime(schedule.time ?? DEFAULT_TIME);
  const endBy =
    schedule.endCondition === "by" && schedule.endByDate ? parseCivilDate(schedule.endByDate) : null;
  // Start a day early: a wall time pushed forward by a DST gap can land on the next local day.
  const afterLocal = utcToLocal(afterMs, schedule.timezone);
  const start = addDays(afterLocal, -1);
  let examined = 0;
  for (const date of candidateDates(schedule, start)) {
    if (endBy && compareCivilDates(date, endBy) > 0) return null;
    const ms = wallTimeToUtcMs({ ...date, hour, minute }, schedule.timezone);
    if (Number.isNaN(ms)) return null; // beyond what a Date can represent
    if (ms > afterMs) return ms;
    examined += 1;
    if (examined >= MAX_CANDIDATES) return null;
  }
  return null;
}

function instantOf(value: Date, name: string): number {
  const ms = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(ms)) throw new RangeError(`${name} must be a valid Date`);
  return ms;
}

function assertCount(value: number, name: string, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be a whole number from 0 to ${max}, got ${value}`);
  }
}

/** How many more occurrences the schedule allows after `occurrencesSent` were delivered. */
function remainingBudget(schedule: Schedule, occurrencesSent: number): number {
  if (schedule.scheduleType === "once") return Math.max(0, 1 - occurrencesSent);
  if (schedule.endCondition === "after") return Math.max(0, (schedule.endAfterCount ?? 0) - occurrencesSent);
  return Number.POSITIVE_INFINITY;
}

/**
 * Up to `count` occurrences strictly after `after`, in increasing order. 'after N' leaves
 * N - occurrencesSent of them; a one-time schedule has one, none once it was sent.
 * Throws RangeError for an invalid schedule, Date or count (max MAX_OCCURRENCES_PER_CALL).
 */
export function nextOccurrences(schedule: Schedule, after: Date, count: number, occurrencesSent = 0): Date[] {
  assertValidSchedule(schedule);
  let cursor = instantOf(after, "after");
  assertCount(count, "count", MAX_OCCURRENCES_PER_CALL);
  assertCount(occurrencesSent, "occurrencesSent");

  const wanted = Math.min(count, remainingBudget(schedule, occurrencesSent));
  const result: Date[] = [];
  if (schedule.scheduleType === "once") {
    const ms = wallTimeToUtcMs(parseCivilDateTime(schedule.localDateTime ?? ""), schedule.timezone);
    if (wanted > 0 && ms > cursor) result.push(new Date(ms));
    return result;
  }
  while (result.length < wanted) {
    const ms = nextRecurringMs(schedule, cursor);
    if (ms === null) break;
    result.push(new Date(ms));
    cursor = ms;
  }
  return result;
}

/** The first occurrence strictly after `after`, or null when there is none left. */
export function nextOccurrence(schedule: Schedule, after: Date, occurrencesSent = 0): Date | null {
  return nextOccurrences(schedule, after, 1, occurrencesSent)[0] ?? null;
}

/**
 * When a newly created reminder is first due: once → its local date-time as UTC, null when
 * that is not strictly after `now`; recurring → the first occurrence strictly after `now`.
 */
export function firstOccurrence(schedule: Schedule, now: Date): Date | null {
  return nextOccurrence(schedule, now, 0);
}
