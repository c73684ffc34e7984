import {
  addDays,
  addMonths,
  clampedDate,
  compareCivilDates,
  isoWeekdayIndex,
  type CivilDate,
} from "@/lib/recurrence/civil-date";
import type { ScheduleView } from "@/lib/validations/calendar";
import type { WeekDayNumber } from "./week-start";

/** The Schedule's calendar views (the list is the other). */
export type CalendarView = Exclude<ScheduleView, "list">;

/** A month page always shows six weeks, so its height never jumps from one month to the next. */
export const MONTH_GRID_DAYS = 42;

export interface SchedulePeriod {
  view: CalendarView;
  /** The day the page is about (the URL's date): its month or week is shown, and it takes focus. */
  anchor: CivilDate;
  /** Every day of the grid in order, in whole weeks: 7 for a week, 42 for a month. */
  days: CivilDate[];
  /** Month pages: the shown month (the grid's other days are the months around it). */
  month: { year: number; month: number } | null;
}

/** The first day of the week `date` is in. */
export function startOfWeek(date: CivilDate, firstDay: WeekDayNumber): CivilDate {
  return addDays(date, -((isoWeekdayIndex(date) - (firstDay - 1) + 7) % 7));
}

/** The days a week or month page shows around `anchor`. */
export function schedulePeriod(
  view: CalendarView,
  anchor: CivilDate,
  firstDay: WeekDayNumber,
): SchedulePeriod {
  const first = startOfWeek(view === "month" ? { ...anchor, day: 1 } : anchor, firstDay);
  const count = view === "month" ? MONTH_GRID_DAYS : 7;
  return {
    view,
    anchor,
    days: Array.from({ length: count }, (_, i) => addDays(first, i)),
    month: view === "month" ? { year: anchor.year, month: anchor.month } : null,
  };
}

/** The same day `months` months away, or that month's last day when it is shorter (31 March → 28 February). */
export function shiftMonths(date: CivilDate, months: number): CivilDate {
  const target = addMonths(date.year, date.month, months);
  return clampedDate(target.year, target.month, date.day);
}

/** The anchor of the page before (-1) or after (1): a week or a month away. */
export function shiftPeriod(view: CalendarView, anchor: CivilDate, step: -1 | 1): CivilDate {
  return view === "month" ? shiftMonths(anchor, step) : addDays(anchor, 7 * step);
}

/** Whether `date` is one of the page's days. */
export function inGrid(period: SchedulePeriod, date: CivilDate): boolean {
  return (
    compareCivilDates(date, period.days[0]) >= 0 &&
    compareCivilDates(date, period.days[period.days.length - 1]) <= 0
  );
}

/**
 * Where a key moves the focused day in the grid (the WAI-ARIA grid and date-picker keys): arrows
 * by a day or a week, Home and End to the week's first and last day, PageUp and PageDown by a
 * month. Null for any other key.
 */
export function moveFocus(date: CivilDate, key: string, firstDay: WeekDayNumber): CivilDate | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return startOfWeek(date, firstDay);
    case "End":
      return addDays(startOfWeek(date, firstDay), 6);
    case "PageUp":
      return shiftMonths(date, -1);
    case "PageDown":
      return shiftMonths(date, 1);
    default:
      return null;
  }
}
