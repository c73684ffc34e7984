import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { enUS, es, fr } from "date-fns/locale";
import { WEEKDAYS } from "@/db/schema/enums";
import { formatCivilDay, formatClock, formatWeekday } from "./format-in-zone";

/** The `recurrence` message namespace, as a plain function (next-intl's `t` fits). */
export type RecurrenceTranslate = (key: string, values?: Record<string, string | number>) => string;

/** A recurring schedule's fields as the reminder body and DTO carry them (frequencyConfig). */
export interface ScheduleWordsInput {
  frequency: string | null;
  frequencyConfig: {
    time?: string | null;
    days?: string[];
    dayOfMonth?: number;
    month?: number;
    interval?: number;
    nthWeekday?: number;
    endCondition?: string;
    endAfterCount?: number;
    endByDate?: string | null;
  } | null;
  /** A lead reminder's days before its yearly date. */
  leadDays?: number | null;
}

export interface ScheduleWordsOptions {
  /** The `recurrence` message namespace. */
  t: RecurrenceTranslate;
  locale: string;
  /**
   * "list": the Reminders list's words ("Recurring: weekly on Mon and Thu at 9:00 AM (ends after
   * 12 times)"), the same as today for every schedule that has no interval or nth weekday.
   * "sentence": the dialog's ("Every Monday and Thursday at 9:00 AM, 12 times", "Every 2 weeks
   * on Tuesday at 8:00 AM", "The last Friday of every month at 12:00 PM").
   */
  style: "list" | "sentence";
}

const DATE_FNS = { en: enUS, es, fr };
const dateFnsLocale = (locale: string) => DATE_FNS[locale === "es" || locale === "fr" ? locale : "en"];
const NTH_NAMES: Record<string, string> = {
  "1": "first",
  "2": "second",
  "3": "third",
  "4": "fourth",
  "-1": "last",
};
const MONDAY_TO_FRIDAY = ["Mon", "Tue", "Wed", "Thu", "Fri"];

/** 'Tuesday', 'martes', 'mardi'. */
function weekdayName(day: string, locale: string): string {
  const index = Math.max(WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]), 0);
  // 3 January 2000 was a Monday.
  return format(new TZDate(Date.UTC(2000, 0, 3 + index, 12), "UTC"), "EEEE", {
    locale: dateFnsLocale(locale),
  });
}

/** 'May', 'mayo', 'mai'. */
function monthName(month: number, locale: string): string {
  return format(new TZDate(Date.UTC(2000, month - 1, 1, 12), "UTC"), "LLLL", {
    locale: dateFnsLocale(locale),
  });
}

const list = (items: string[], locale: string) =>
  new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(items);

/** The weekdays given, once each, in week order. */
function weekDays(days: string[] | undefined): string[] {
  const known: readonly string[] = WEEKDAYS;
  return [...new Set(days ?? [])]
    .filter((d) => known.includes(d))
    .sort((a, b) => known.indexOf(a) - known.indexOf(b));
}

interface Fields {
  interval: number;
  days: string[];
  nth: string | null;
  time: string | null;
  config: NonNullable<ScheduleWordsInput["frequencyConfig"]>;
}

function fieldsOf(input: ScheduleWordsInput): Fields {
  const config = input.frequencyConfig ?? {};
  const nth = config.nthWeekday === undefined ? null : (NTH_NAMES[String(config.nthWeekday)] ?? null);
  return {
    interval: config.interval ?? 1,
    days: weekDays(config.days),
    nth,
    time: config.time ?? null,
    config,
  };
}

/** The month parts of a yearly nth weekday: "of May", "de mayo", "de mai" / "d’avril". */
function ofMonth(month: number, { t, locale }: ScheduleWordsOptions): string {
  const name = monthName(month, locale);
  return t("parts.ofMonth", { month: name, elided: /^[aeiouyh]/i.test(name) ? "yes" : "no" });
}

/** The nth weekday values shared by the list and the sentence. */
function nthValues(f: Fields, options: ScheduleWordsOptions) {
  return {
    ordinal: options.t(`parts.ordinal.${f.nth ?? "last"}`),
    weekday: weekdayName(f.days[0] ?? "Mon", options.locale),
    interval: f.interval,
  };
}

/** The rule of the list's "Recurring: {rule} at {time}": today's words for today's schedules. */
function listRule(input: ScheduleWordsInput, f: Fields, options: ScheduleWordsOptions): string {
  const { t, locale } = options;
  const { config, interval } = f;
  const yearlyDate = () =>
    formatCivilDay(
      `2000-${String(config.month).padStart(2, "0")}-${String(config.dayOfMonth).padStart(2, "0")}`,
      "dayMonth",
      locale,
    );
  switch (input.frequency) {
    case "monthly":
      if (f.nth && f.days.length > 0) return t("list.monthlyNth", nthValues(f, options));
      if (config.dayOfMonth)
        return interval > 1
          ? t("list.monthlyDay", { day: config.dayOfMonth, interval })
          : t("monthlyDay", { day: config.dayOfMonth });
      return interval > 1 ? t("list.months", { interval }) : t("frequency.monthly");
    case "yearly":
      if (f.nth && f.days.length > 0 && config.month)
        return t("list.yearlyNth", { ...nthValues(f, options), ofMonth: ofMonth(config.month, options) });
      if (config.month && config.dayOfMonth)
        return interval > 1
          ? t("list.yearlyDay", { date: yearlyDate(), interval })
          : t("yearlyDay", { date: yearlyDate() });
      return interval > 1 ? t("list.years", { interval }) : t("frequency.yearly");
    case "weekly": {
      if (f.days.length === 0) return interval > 1 ? t("list.weeks", { interval }) : t("frequency.weekly");
      const days = list(
        f.days.map((day) => formatWeekday(day, locale)),
        locale,
      );
      return interval > 1 ? t("list.weeksOn", { days, interval }) : t("weeklyOn", { days });
    }
    default:
      return interval > 1 ? t("list.days", { interval }) : t(`frequency.${input.frequency ?? "daily"}`);
  }
}

/** The list's words: "Recurring: {rule} at {time}" and its end, as scheduleText says them. */
function listWords(input: ScheduleWordsInput, f: Fields, options: ScheduleWordsOptions): string {
  const { t, locale } = options;
  const rule = listRule(input, f, options);
  let text = f.time
    ? t("recurringAt", { rule, time: formatClock(f.time, locale) })
    : t("recurring", { rule });
  if (f.config.endCondition === "after" && f.config.endAfterCount) {
    text += t("endsAfter", { count: f.config.endAfterCount });
  } else if (f.config.endCondition === "by" && f.config.endByDate) {
    text += t("endsBy", { date: formatCivilDay(f.config.endByDate, "fullDate", locale) });
  }
  return text;
}

/** The dialog's sentence for the rule at its time, without its end. */
function sentenceRule(
  input: ScheduleWordsInput,
  f: Fields,
  options: ScheduleWordsOptions,
  at: string,
): string {
  const { t, locale } = options;
  const { config, interval } = f;
  switch (input.frequency) {
    case "weekly": {
      if (f.days.length === 0) return t("sentence.weeklyNoDay", { interval, at });
      if (interval === 1 && f.days.join() === MONDAY_TO_FRIDAY.join()) return t("sentence.weekdays", { at });
      const names = f.days.map((day) => weekdayName(day, locale));
      const daysWithArticle = list(
        names.map((weekday) => t("parts.onWeekday", { weekday })),
        locale,
      );
      return t("sentence.weekly", { interval, days: list(names, locale), daysWithArticle, at });
    }
    case "monthly":
      if (f.nth && f.days.length > 0) return t("sentence.monthlyNth", { ...nthValues(f, options), at });
      if (config.dayOfMonth) return t("sentence.monthlyDay", { interval, day: config.dayOfMonth, at });
      return t("sentence.monthlyNoDay", { interval, at });
    case "yearly": {
      if (!config.month) return t("sentence.yearlyNoDay", { interval, at });
      if (f.nth && f.days.length > 0)
        return t("sentence.yearlyNth", {
          ...nthValues(f, options),
          ofMonth: ofMonth(config.month, options),
          at,
        });
      if (!config.dayOfMonth) return t("sentence.yearlyNoDay", { interval, at });
      const date = t("parts.dayMonth", { day: config.dayOfMonth, month: monthName(config.month, locale) });
      if (input.leadDays) return t("sentence.yearlyLead", { lead: input.leadDays, date, at });
      return t("sentence.yearlyDay", { interval, date, at });
    }
    default:
      return t("sentence.daily", { interval, at });
  }
}

function sentenceWords(input: ScheduleWordsInput, f: Fields, options: ScheduleWordsOptions): string {
  const { t, locale } = options;
  const time = f.time ?? "09:00";
  const at = t("parts.at", { time: formatClock(time, locale), hour: Number(time.slice(0, 2)) });
  const rule = sentenceRule(input, f, options, at);
  if (f.config.endCondition === "after" && f.config.endAfterCount)
    return t("sentence.endsAfter", { rule, count: f.config.endAfterCount });
  if (f.config.endCondition === "by" && f.config.endByDate)
    return t("sentence.endsBy", { rule, date: formatCivilDay(f.config.endByDate, "fullDate", locale) });
  return rule;
}

/**
 * A recurring schedule in words, in the page's language: every kind (every N days, weeks on
 * chosen days, months on a day or on the first to fourth or last weekday, years), at its time,
 * with its end ('after N', 'by' a date). Times in the locale's clock style; the zone is the
 * caller's to name. A schedule without a frequency is "Not scheduled".
 */
export function scheduleWords(input: ScheduleWordsInput, options: ScheduleWordsOptions): string {
  if (!input.frequency) return options.t("notScheduled");
  const fields = fieldsOf(input);
  return options.style === "list" ? listWords(input, fields, options) : sentenceWords(input, fields, options);
}
