import "server-only";
import type { Locale } from "@/i18n/locales";
import {
  formatCivilDate,
  parseCivilDate,
  utcToLocal,
  wallTimeToUtcMs,
  type CivilDate,
} from "@/lib/recurrence";
import { addDays } from "@/lib/recurrence/civil-date";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { withMessageTexts } from "@/lib/reminders/with-message-texts";
import { dayLabel, monthTitle, weekTitle, weekdayNames } from "./calendar-labels";
import { listScheduleOccurrences, type ScheduleOccurrence } from "./list-schedule-occurrences";
import { schedulePeriod, shiftPeriod, type CalendarView } from "./schedule-period";
import { weekStart, type WeekDayNumber } from "./week-start";

export interface CalendarDay {
  /** 'YYYY-MM-DD' in the user's zone. */
  date: string;
  dayOfMonth: number;
  /** The day's name as a heading says it, with its year when it is not this year's. */
  label: string;
  /** False for a month page's days of the months before and after. */
  inPeriod: boolean;
  today: boolean;
  /** The day's occurrences in the user's zone, soonest first. */
  occurrences: ScheduleOccurrence[];
}

/** One week or month page of the Schedule, every word of it already in the user's language. */
export interface ScheduleCalendar {
  view: CalendarView;
  /** The page's day (the URL's `date`, else today): the day that takes focus. */
  date: string;
  today: string;
  firstDay: WeekDayNumber;
  title: string;
  weekdays: { short: string; long: string }[];
  /** Whole weeks, in order: 7 or 42 days. */
  days: CalendarDay[];
  /** The `date` of the page before and after. */
  previous: string;
  next: string;
  reminders: ReminderDto[];
  truncated: boolean;
}

const midnight = (date: CivilDate, timeZone: string) =>
  new Date(wallTimeToUtcMs({ ...date, hour: 0, minute: 0 }, timeZone));

/**
 * A week or month of the user's schedule in their zone and language: the grid's days, from
 * midnight of the first to midnight after the last in `timeZone` (a month page reads its six
 * visible weeks and no more), each with its occurrences.
 */
export async function getScheduleCalendar(
  workspaceId: string,
  page: { view: CalendarView; date?: string },
  viewer: { locale: Locale; timeZone: string; now: Date },
): Promise<ScheduleCalendar> {
  const { year, month, day } = utcToLocal(viewer.now.getTime(), viewer.timeZone);
  const today: CivilDate = { year, month, day };
  const anchor = page.date ? parseCivilDate(page.date) : today;
  const firstDay = weekStart(viewer.locale);
  const period = schedulePeriod(page.view, anchor, firstDay);
  const first = period.days[0];
  const last = period.days[period.days.length - 1];
  const found = await listScheduleOccurrences(workspaceId, {
    from: midnight(first, viewer.timeZone),
    to: midnight(addDays(last, 1), viewer.timeZone),
  });

  const byDay = new Map<string, ScheduleOccurrence[]>();
  for (const occurrence of found.occurrences) {
    const day = formatCivilDate(utcToLocal(Date.parse(occurrence.at), viewer.timeZone));
    byDay.set(day, [...(byDay.get(day) ?? []), occurrence]);
  }
  const todayKey = formatCivilDate(today);
  return {
    view: page.view,
    date: formatCivilDate(anchor),
    today: todayKey,
    firstDay,
    title: period.month ? monthTitle(period.month, viewer.locale) : weekTitle(first, last, viewer.locale),
    weekdays: weekdayNames(period.days, viewer.locale),
    days: period.days.map((day) => {
      const key = formatCivilDate(day);
      return {
        date: key,
        dayOfMonth: day.day,
        label: dayLabel(day, viewer.locale, today.year),
        inPeriod: !period.month || day.month === period.month.month,
        today: key === todayKey,
        occurrences: byDay.get(key) ?? [],
      };
    }),
    previous: formatCivilDate(shiftPeriod(page.view, anchor, -1)),
    next: formatCivilDate(shiftPeriod(page.view, anchor, 1)),
    reminders: await withMessageTexts(workspaceId, found.reminders),
    truncated: found.truncated,
  };
}
