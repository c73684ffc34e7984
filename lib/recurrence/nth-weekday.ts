import { daysInMonth, isoWeekdayIndex, type CivilDate } from "./civil-date";
import type { NthWeekday } from "./types";

/**
 * The nth (1-4) or last (-1) weekday of a month; `weekday` 0 = Monday ... 6 = Sunday. Every
 * month has at least four of each weekday, so the date always exists: the last Friday of a
 * month with five Fridays is the fifth, of a month with four the fourth.
 */
export function nthWeekdayDate(year: number, month: number, weekday: number, nth: NthWeekday): CivilDate {
  if (nth === -1) {
    const last = daysInMonth(year, month);
    const back = (isoWeekdayIndex({ year, month, day: last }) - weekday + 7) % 7;
    return { year, month, day: last - back };
  }
  const ahead = (weekday - isoWeekdayIndex({ year, month, day: 1 }) + 7) % 7;
  return { year, month, day: 1 + ahead + 7 * (nth - 1) };
}
