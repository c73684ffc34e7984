import { addDays, formatCivilDate, parseCivilDate } from "@/lib/recurrence/civil-date";
import { formatInZone, formatNearDate, localDayKey } from "./format-in-zone";
import { scheduleWords, type RecurrenceTranslate } from "./schedule-words";

export type { RecurrenceTranslate } from "./schedule-words";

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
    interval?: number;
    nthWeekday?: number;
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

export interface ScheduleTextOptions {
  t: RecurrenceTranslate;
  locale: string;
  /** The viewer's zone (settings). */
  timeZone: string;
  now: Date;
}

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

/**
 * Schedule text: 'Today at 9:00 AM', 'Tomorrow at ...', 'Jan 5 at ...' ('Jan 5, 2027 at ...'
 * outside this year);
 * 'Recurring: daily at 9:00 AM', 'Recurring: weekly on Mon and Thu at ...',
 * 'Recurring: 31st of every month at ...', 'Recurring: Feb 29 every year', 'Recurring: every 2
 * weeks on Tue at ...', 'Recurring: last Friday of every month at ...' (scheduleWords' list), with
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
  return scheduleWords(input, { t, locale, style: "list" }) + suffix;
}
