import type { CivilDate } from "@/lib/recurrence/civil-date";

// Noon UTC of the day, formatted in UTC: the calendar day itself, whatever the host's zone.
const noon = ({ year, month, day }: CivilDate) => Date.UTC(year, month - 1, day, 12);

/**
 * A day as a heading and a grid cell's name: 'Thursday, November 26' ('jeudi 26 novembre'), with
 * its year when it is not `currentYear` ('Friday, January 1, 2027'). Names come from Intl.
 */
export function dayLabel(date: CivilDate, locale: string, currentYear: number): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: date.year === currentYear ? undefined : "numeric",
    timeZone: "UTC",
  }).format(noon(date));
}

/** A month page's title: 'November 2026', 'noviembre de 2026'. */
export function monthTitle(month: { year: number; month: number }, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    noon({ ...month, day: 1 }),
  );
}

/** A week page's title: 'Nov 22 – 28, 2026', '22–28 nov 2026', '28 déc. 2026 – 3 janv. 2027'. */
export function weekTitle(first: CivilDate, last: CivilDate, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).formatRange(noon(first), noon(last));
}

/** The week's day names in the grid's order, short for the column and long for its name. */
export function weekdayNames(week: CivilDate[], locale: string): { short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  return week.slice(0, 7).map((date) => ({ short: short.format(noon(date)), long: long.format(noon(date)) }));
}
