import { WEEKDAYS } from "@/db/schema/enums";
import { addDays, formatCivilDate, parseCivilDate } from "@/lib/recurrence/civil-date";
import {
  formatCivilDay,
  formatClock,
  formatInZone,
  formatNearDate,
  formatWeekday,
  localDayKey,
} from "./format-in-zone";

/** The reminder fields schedule text reads (Reminders screen). */
export interface ScheduleTextInput {
  scheduleType: string;
  scheduledFor: string | null;
  frequency: string | null;
  frequencyConfig: {
    time?: string | null;
    days?: string[];
    dayOfMonth?: number;
    month?: number;
    endCondition?: string;
    endAfterCount?: number;
    endByDate?: string;
  } | null;
  /** scheduled, sent, failed, cancelled; absent reads as scheduled. */
  status?: string;
  /** The zone the reminder was scheduled in; absent: the viewer's. */
  timezone?: string;
  lastSentAt?: string | null;
}

/** The `recurrence` message namespace, as a plain function (next-intl's `t` fits). */
export type RecurrenceTranslate = (key: string, values?: Record<string, string | number>) => string;

export interface ScheduleTextOptions {
  t: RecurrenceTranslate;
  locale: string;
  /** The viewer's zone (settings). */
  timeZone: string;
  now: Date;
}

const WEEK_ORDER: readonly string[] = WEEKDAYS;

/**
 * The zone a reminder's times are shown in: the one it was scheduled in (its days and times
 * are that zone's), which the Reminders list and the Schedule page both use. `label` is set
 * when it is not the viewer's zone, so the text says which zone it is.
 */
export function displayZone(reminder: { timezone?: string }, viewerZone: string) {
  const zone = reminder.timezone || viewerZone;
  return { zone, label: zone === viewerZone ? null : zone };
}

function oneTimeText(
  input: ScheduleTextInput,
  zone: string,
  { t, locale, now }: ScheduleTextOptions,
): string {
  const due = input.scheduledFor ?? "";
  const at = (instant: string) => ({
    date: formatNearDate(instant, "dayMonth", zone, locale, now),
    time: formatInZone(instant, "time", zone, locale),
  });
  // Only a pending reminder reads as a promise ('Tomorrow at ...'); the others say what happened.
  if (input.status === "sent") return t("sentOn", at(input.lastSentAt ?? due));
  if (input.status === "cancelled") return t("cancelledWas", at(due));
  if (input.status === "failed") return t("onDate", at(due));
  const { time } = at(due);
  const day = localDayKey(due, zone);
  const today = localDayKey(now, zone);
  if (day === today) return t("today", { time });
  // Tomorrow by the calendar (the day after today's local date), whatever DST does.
  if (day === formatCivilDate(addDays(parseCivilDate(today), 1))) return t("tomorrow", { time });
  return t("onDate", at(due));
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
  const days = [...new Set(config.days ?? [])]
    .filter((day) => WEEK_ORDER.includes(day))
    .sort((a, b) => WEEK_ORDER.indexOf(a) - WEEK_ORDER.indexOf(b));
  if (input.frequency === "weekly" && days.length > 0) {
    const names = days.map((day) => formatWeekday(day, locale));
    return t("weeklyOn", {
      days: new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(names),
    });
  }
  return t(`frequency.${input.frequency ?? "daily"}`);
}

/**
 * Schedule text: 'Today at 9:00 AM', 'Tomorrow at ...', 'Jan 5 at ...' ('Jan 5, 2027 at ...'
 * outside this year);
 * 'Recurring: daily at 9:00 AM', 'Recurring: weekly on Mon and Thu at ...',
 * 'Recurring: 31st of every month at ...', 'Recurring: Feb 29 every year', with
 * ' (ends after N times)' or ' (ends Jan 5, 2027)'; otherwise 'Not scheduled'. A sent or
 * cancelled one-time reminder says so instead of 'Tomorrow at'. One clock style per locale
 * (12-hour in English, 24-hour in Spanish and French) for every time; times in the
 * reminder's own zone, named when it is not the viewer's.
 */
export function scheduleText(input: ScheduleTextInput, options: ScheduleTextOptions): string {
  const { t, locale } = options;
  const { zone, label } = displayZone(input, options.timeZone);
  const suffix = label ? t("inZone", { zone: label }) : "";
  if (input.scheduleType === "once" && input.scheduledFor) return oneTimeText(input, zone, options) + suffix;
  if (input.scheduleType !== "recurring" || !input.frequency) return t("notScheduled");
  const config = input.frequencyConfig ?? {};
  const rule = ruleText(input, options);
  let text = config.time
    ? t("recurringAt", { rule, time: formatClock(config.time, locale) })
    : t("recurring", { rule });
  if (config.endCondition === "after" && config.endAfterCount) {
    text += t("endsAfter", { count: config.endAfterCount });
  } else if (config.endCondition === "by" && config.endByDate) {
    text += t("endsBy", { date: formatCivilDay(config.endByDate, "fullDate", locale) });
  }
  return text + suffix;
}
