import { addDays, formatCivilDate, parseCivilDate } from "@/lib/recurrence/civil-date";
import { formatCivilDay, formatInZone, localDayKey } from "./format-in-zone";

/** The reminder fields schedule text reads (SPEC section 2, Reminders screen). */
export interface ScheduleTextInput {
  scheduleType: string;
  scheduledFor: string | null;
  frequency: string | null;
  frequencyConfig: {
    time?: string | null;
    dayOfMonth?: number;
    month?: number;
    endCondition?: string;
    endAfterCount?: number;
    endByDate?: string;
  } | null;
}

/** The `recurrence` message namespace, as a plain function (next-intl's `t` fits). */
export type RecurrenceTranslate = (key: string, values?: Record<string, string | number>) => string;

export interface ScheduleTextOptions {
  t: RecurrenceTranslate;
  locale: string;
  timeZone: string;
  now: Date;
}

function oneTimeText(due: string, { t, locale, timeZone, now }: ScheduleTextOptions): string {
  const time = formatInZone(due, "time", timeZone, locale);
  const day = localDayKey(due, timeZone);
  const today = localDayKey(now, timeZone);
  if (day === today) return t("today", { time });
  // Tomorrow by the calendar (the day after today's local date), whatever DST does.
  if (day === formatCivilDate(addDays(parseCivilDate(today), 1))) return t("tomorrow", { time });
  return t("onDate", { date: formatInZone(due, "dayMonth", timeZone, locale), time });
}

function ruleText(input: ScheduleTextInput, { t, locale }: ScheduleTextOptions): string {
  const config = input.frequencyConfig ?? {};
  if (input.frequency === "monthly" && config.dayOfMonth) return t("monthlyDay", { day: config.dayOfMonth });
  if (input.frequency === "yearly" && config.month && config.dayOfMonth) {
    const date = formatCivilDay(
      `2000-${String(config.month).padStart(2, "0")}-${String(config.dayOfMonth).padStart(2, "0")}`,
      "dayMonth",
      locale,
    );
    return t("yearlyDay", { date });
  }
  return t(`frequency.${input.frequency ?? "daily"}`);
}

/**
 * SPEC's schedule text: 'Today at 9:00 AM', 'Tomorrow at ...', 'Jan 5 at ...';
 * 'Recurring: daily at 09:00', 'Recurring: 31st of every month at 09:00',
 * 'Recurring: Feb 29 every year', with ' (ends after N times)' or ' (ends Jan 5, 2027)';
 * otherwise 'Not scheduled'. Dates in `timeZone`, words in the translator's language.
 */
export function scheduleText(input: ScheduleTextInput, options: ScheduleTextOptions): string {
  const { t } = options;
  if (input.scheduleType === "once" && input.scheduledFor) return oneTimeText(input.scheduledFor, options);
  if (input.scheduleType !== "recurring" || !input.frequency) return t("notScheduled");
  const config = input.frequencyConfig ?? {};
  const rule = ruleText(input, options);
  let text = config.time ? t("recurringAt", { rule, time: config.time }) : t("recurring", { rule });
  if (config.endCondition === "after" && config.endAfterCount) {
    text += t("endsAfter", { count: config.endAfterCount });
  } else if (config.endCondition === "by" && config.endByDate) {
    text += t("endsBy", { date: formatCivilDay(config.endByDate, "fullDate", options.locale) });
  }
  return text;
}
