import type { Locale } from "@/i18n/locales";

/** The first day of the week, numbered as Intl numbers it: 1 = Monday … 7 = Sunday. */
export type WeekDayNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** When the runtime has no Intl week data: what CLDR says for each language we speak. */
export const WEEK_START_FALLBACK: Record<Locale, WeekDayNumber> = { en: 7, es: 1, fr: 1 };

interface WeekInfo {
  firstDay?: number;
}

// `getWeekInfo()` is the current method and `weekInfo` the older getter (Chrome, Node, Safari);
// TypeScript's library knows neither yet.
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The day a calendar week starts on for `locale`: Intl.Locale's week information (CLDR: Sunday in
 * `en`, which is American English, Monday in `es` and `fr`), else the fallback table.
 */
export function weekStart(locale: Locale): WeekDayNumber {
  try {
    const intl = new Intl.Locale(locale) as LocaleWithWeekInfo;
    const firstDay = (intl.getWeekInfo?.() ?? intl.weekInfo)?.firstDay;
    if (Number.isInteger(firstDay) && firstDay !== undefined && firstDay >= 1 && firstDay <= 7) {
      return firstDay as WeekDayNumber;
    }
  } catch {
    // An engine without Intl.Locale: the table below.
  }
  return WEEK_START_FALLBACK[locale];
}
