/**
 * Recurrence engine: when a reminder is due. Pure (no I/O, no clock: callers pass `now`).
 *
 * Rules
 * - once: `localDateTime` 'YYYY-MM-DDTHH:MM' is a wall time in `timezone` (the user's
 *   setting), stored as the UTC instant. It counts as one occurrence: none once sent.
 * - recurring, each at `time` 'HH:MM' local in `timezone` (09:00 when absent, the dialog's default):
 *   every `interval` (1 when absent) days; weeks, on one or more of Mon..Sun; months, on
 *   `dayOfMonth` (1-31) or on the first to fourth or last weekday (`nthWeekday` with one day in
 *   `days`); years, on `month` (1-12) + `dayOfMonth` or + the nth weekday. A yearly schedule with
 *   `leadDays` N (a lead reminder) falls N local days before each year's date, at its own `time`
 *   (see `leadDate`).
 * - An interval above 1 counts periods from `anchorDate` (the first occurrence's local date):
 *   its day, its Monday-to-Sunday week, its month or its year; nothing falls before the anchor.
 *   `anchoredSchedule` sets it for a new schedule. "Every weekday" is weekly Mon..Fri.
 * - A day a month lacks falls on that month's last day: the 31st is 30 April, 28/29 February;
 *   the 30th is 28/29 February; 29 February is 28 February in common years. Same for yearly
 *   (a yearly 31 February is 28/29 February).
 * - DST: a wall time the clocks skip moves forward by the gap (02:30 on a spring-forward
 *   night in America/New_York is 03:30 EDT); a wall time that happens twice (clocks turned
 *   back) is the FIRST, earlier instant.
 * - End 'after N': at most N occurrences in total, counting `occurrencesSent` already
 *   delivered. End 'by' 'YYYY-MM-DD': occurrences whose scheduled local date is on or before
 *   that day are included (the whole day). Absent end condition means never.
 * - "Next" always means strictly after the given instant; `firstOccurrence` likewise needs
 *   an occurrence strictly after `now` (an occurrence exactly at `now` is not counted).
 * - Occurrences are strictly increasing (at most one per local day; a DST shift is far smaller
 *   than a day, so order holds across it).
 * - Finding the next one scans at most 9 days (weekly), month by month
 *   (monthly) or year by year (yearly), starting from `after`'s local date, so `after` may be
 *   any Date, however far in the past or future; none is returned beyond Date's range.
 * - An incomplete or malformed schedule (see `scheduleProblem`) throws RangeError.
 */
export { localToUtc, utcToLocal, wallTimeToUtcMs, zoneOffsetMs, assertTimeZone } from "./time-zone";
export { nextOccurrence, nextOccurrences, firstOccurrence, MAX_OCCURRENCES_PER_CALL } from "./occurrences";
export { leadDate, MAX_LEAD_DAYS } from "./lead-offset";
export { scheduleProblem, timeZoneProblem, assertValidSchedule } from "./validate-schedule";
export { anchoredSchedule } from "./anchored-schedule";
export { scheduleRrule, type RecurrenceLines } from "./schedule-rrule";
export { nthWeekdayDate } from "./nth-weekday";
export { DEFAULT_TIME, MAX_INTERVAL, NTH_WEEKDAYS, type NthWeekday, type Schedule } from "./types";
export {
  clampedDate,
  daysInMonth,
  formatCivilDate,
  formatCivilDateTime,
  isLeapYear,
  parseCivilDate,
  parseCivilDateTime,
  parseTime,
  type CivilDate,
  type CivilDateTime,
} from "./civil-date";
