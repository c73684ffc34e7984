import { TZDate } from "@date-fns/tz";
import { WEEKDAYS } from "@/db/schema/enums";
import { format } from "date-fns";
import { enUS, es, fr, type Locale as DateFnsLocale } from "date-fns/locale";

/** The English patterns ('h:mm a', 'MMM d', ...) and their usual form in es/fr. */
const PATTERNS = {
  en: {
    time: "h:mm a",
    dayMonth: "MMM d",
    fullDate: "MMM d, yyyy",
    dateTime: "MMM d, h:mm a",
    dateTimeYear: "MMM d, yyyy, h:mm a",
    fullDateTime: "EEE, MMM d, yyyy h:mm a",
  },
  es: {
    time: "H:mm",
    dayMonth: "d MMM",
    fullDate: "d MMM yyyy",
    dateTime: "d MMM, H:mm",
    dateTimeYear: "d MMM yyyy, H:mm",
    fullDateTime: "EEE d MMM yyyy, H:mm",
  },
  fr: {
    time: "HH:mm",
    dayMonth: "d MMM",
    fullDate: "d MMM yyyy",
    dateTime: "d MMM, HH:mm",
    dateTimeYear: "d MMM yyyy, HH:mm",
    fullDateTime: "EEE d MMM yyyy, HH:mm",
  },
} as const;

const LOCALES: Record<keyof typeof PATTERNS, DateFnsLocale> = { en: enUS, es, fr };

export type DatePattern = keyof (typeof PATTERNS)["en"];

function localeKey(locale: string): keyof typeof PATTERNS {
  return locale === "es" || locale === "fr" ? locale : "en";
}

/** `date` shown in `timeZone` with the locale's form of one of these patterns. */
export function formatInZone(
  date: Date | string,
  pattern: DatePattern,
  timeZone: string,
  locale: string,
): string {
  const key = localeKey(locale);
  return format(new TZDate(new Date(date).getTime(), timeZone), PATTERNS[key][pattern], {
    locale: LOCALES[key],
  });
}

const WITH_YEAR = { dayMonth: "fullDate", dateTime: "dateTimeYear" } as const;

/**
 * A short date ('Mar 5', 'Mar 5, 9:00 AM') that says its year when it is not this year's
 * ('Jan 5, 2027'), both years taken in `timeZone`: a date a year away must not read as a week away.
 */
export function formatNearDate(
  date: Date | string,
  pattern: keyof typeof WITH_YEAR,
  timeZone: string,
  locale: string,
  now: Date = new Date(),
): string {
  const year = (instant: Date | string) => format(new TZDate(new Date(instant).getTime(), timeZone), "yyyy");
  const shown = year(date) === year(now) ? pattern : WITH_YEAR[pattern];
  return formatInZone(date, shown, timeZone, locale);
}

/** A 'YYYY-MM-DD' calendar date (no zone) with the locale's pattern. */
export function formatCivilDay(value: string, pattern: "dayMonth" | "fullDate", locale: string): string {
  const [year, month, day] = value.split("-").map(Number);
  return formatInZone(new Date(Date.UTC(year, month - 1, day, 12)), pattern, "UTC", locale);
}

/** A wall time 'HH:MM' (a recurring reminder's) in the locale's clock style, as `time` shows instants. */
export function formatClock(value: string, locale: string): string {
  const [hours, minutes] = value.split(":").map(Number);
  return formatInZone(new Date(Date.UTC(2000, 0, 1, hours, minutes)), "time", "UTC", locale);
}

/** A weekday code ('Mon'..'Sun') as the locale's short name ('Mon', 'lun', 'lun.'). */
export function formatWeekday(day: string, locale: string): string {
  const index = (WEEKDAYS as readonly string[]).indexOf(day);
  // 3 January 2000 was a Monday.
  return format(new TZDate(Date.UTC(2000, 0, 3 + Math.max(index, 0), 12), "UTC"), "EEE", {
    locale: LOCALES[localeKey(locale)],
  });
}

/** 'YYYY-MM-DD' of an instant in `timeZone`. */
export function localDayKey(date: Date | string, timeZone: string): string {
  return format(new TZDate(new Date(date).getTime(), timeZone), "yyyy-MM-dd");
}
