// Calendar arithmetic on plain (zone-less) dates, using whole-day numbers counted from
// 1970-01-01. Pure integer maths (proleptic Gregorian calendar), valid for any year, so
// no Date object and no host time zone is involved.

/** A calendar date with month 1-12 and day 1-31. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** A calendar date plus a wall-clock time (hour 0-23, minute 0-59). */
export interface CivilDateTime extends CivilDate {
  hour: number;
  minute: number;
}

export const MS_PER_MINUTE = 60_000;
export const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1];
}

/** Days from 1970-01-01 to the date (negative before it). H. Hinnant's days_from_civil. */
export function dayNumber({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The inverse of `dayNumber`. */
export function fromDayNumber(days: number): CivilDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(date: CivilDate, days: number): CivilDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekdayIndex(date: CivilDate): number {
  return (((dayNumber(date) + 3) % 7) + 7) % 7;
}

/** Negative, zero or positive as `a` is before, the same day as, or after `b`. */
export function compareCivilDates(a: CivilDate, b: CivilDate): number {
  return dayNumber(a) - dayNumber(b);
}

/**
 * The date in that month, or the month's last day when the month is shorter
 * (31 → 30 April, 30/31 → 28/29 February, 29 February → 28 February in common years).
 */
export function clampedDate(year: number, month: number, dayOfMonth: number): CivilDate {
  return { year, month, day: Math.min(dayOfMonth, daysInMonth(year, month)) };
}

/** Month arithmetic on (year, month) pairs: addMonths(2026, 12, 1) → { year: 2027, month: 1 }. */
export function addMonths(year: number, month: number, months: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1 };
}

function isValidDate(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Parses 'YYYY-MM-DD'; RangeError when malformed or not a real date. */
export function parseCivilDate(value: string): CivilDate {
  const match = DATE_RE.exec(value);
  const [year, month, day] = match ? match.slice(1).map(Number) : [];
  if (!match || !isValidDate(year, month, day))
    throw new RangeError(`Invalid date '${value}', expected YYYY-MM-DD`);
  return { year, month, day };
}

/** Parses 'HH:MM' (00:00-23:59); RangeError when malformed. */
export function parseTime(value: string): { hour: number; minute: number } {
  const match = TIME_RE.exec(value);
  const [hour, minute] = match ? match.slice(1).map(Number) : [];
  if (!match || hour > 23 || minute > 59) throw new RangeError(`Invalid time '${value}', expected HH:MM`);
  return { hour, minute };
}

/** Parses 'YYYY-MM-DDTHH:MM'; RangeError when malformed or not a real date/time. */
export function parseCivilDateTime(value: string): CivilDateTime {
  const match = DATE_TIME_RE.exec(value);
  if (!match) throw new RangeError(`Invalid local date-time '${value}', expected YYYY-MM-DDTHH:MM`);
  const date = parseCivilDate(`${match[1]}-${match[2]}-${match[3]}`);
  const time = parseTime(`${match[4]}:${match[5]}`);
  return { ...date, ...time };
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** 'YYYY-MM-DD' (years outside 0-9999 keep their sign and extra digits). */
export function formatCivilDate({ year, month, day }: CivilDate): string {
  const y = year < 0 ? `-${pad(-year, 4)}` : pad(year, 4);
  return `${y}-${pad(month)}-${pad(day)}`;
}

/** 'YYYY-MM-DDTHH:MM'. */
export function formatCivilDateTime(value: CivilDateTime): string {
  return `${formatCivilDate(value)}T${pad(value.hour)}:${pad(value.minute)}`;
}
