"use client";

import { useLocale, useTranslations } from "next-intl";
import type { QuickAddDraft, QuickAddNote, QuickAddSchedule } from "@/lib/quick-add";
import { formatCivilDay, formatClock } from "@/lib/reminders/format-in-zone";
import { scheduleText, type RecurrenceTranslate } from "@/lib/reminders/schedule-text";

export interface FilledPart {
  key: "contact" | "channel" | "schedule" | "message";
  label: string;
  value: string;
}

/** The words the quick-add report says about a draft, in the page's language. */
export function useQuickAddTexts(timeZone: string) {
  const t = useTranslations("quickAdd");
  const tForm = useTranslations("reminderForm");
  const tRecurrence = useTranslations("recurrence");
  const locale = useLocale();

  function scheduleWords(schedule: QuickAddSchedule): string {
    if (schedule.scheduleType === "once") {
      const [date, time] = schedule.scheduledFor.split("T");
      return t("onceAt", { date: formatCivilDay(date, "fullDate", locale), time: formatClock(time, locale) });
    }
    return scheduleText(
      { ...schedule, scheduledFor: null },
      { t: tRecurrence as unknown as RecurrenceTranslate, locale, timeZone, now: new Date() },
    );
  }

  function filledParts(draft: QuickAddDraft, recurringAllowed: boolean): FilledPart[] {
    const parts: FilledPart[] = [];
    const part = (key: FilledPart["key"], value: string) =>
      parts.push({ key, label: t(`parts.${key}`), value });
    if (draft.recipient.status === "matched") part("contact", draft.recipient.recipient.name);
    if (draft.channel) part("channel", tForm(`methods.${draft.channel}`));
    if (draft.schedule && (draft.schedule.scheduleType === "once" || recurringAllowed))
      part("schedule", scheduleWords(draft.schedule));
    if (draft.message !== null) part("message", draft.message);
    return parts;
  }

  function noteText(note: QuickAddNote): string {
    switch (note.kind) {
      case "default_time":
        return t("notes.default_time", { time: formatClock(note.time, locale) });
      case "next_year":
        return t("notes.next_year", { date: formatCivilDay(note.date, "fullDate", locale) });
      case "clock_gap":
        return t("notes.clock_gap", {
          requested: formatClock(note.requested, locale),
          actual: formatClock(note.actual, locale),
        });
      case "clock_overlap":
        return t("notes.clock_overlap", { time: formatClock(note.localDateTime.slice(11), locale) });
      case "month_end":
        return t("notes.month_end", { day: note.dayOfMonth });
      default:
        return t(`notes.${note.kind}`);
    }
  }

  return { t, filledParts, noteText };
}
