"use client";

import { useLocale, useTranslations } from "next-intl";
import { scheduleWords, type RecurrenceTranslate } from "@/lib/reminders/schedule-words";
import { reminderShapeSchema } from "@/lib/validations/reminder";
import { toRequestBody, type ReminderFormState } from "./reminder-form-state";

/** The recurring schedule being edited, said in words: "Every 2 weeks on Tuesday at 8:00 AM". */
export function ScheduleWordsLine({ state }: { state: ReminderFormState }) {
  const t = useTranslations("recurrence");
  const locale = useLocale();
  if (state.scheduleType !== "recurring" || !state.frequency) return null;
  const parsed = reminderShapeSchema.safeParse(toRequestBody(state));
  if (!parsed.success) return null;
  const text = scheduleWords(
    { frequency: parsed.data.frequency ?? null, frequencyConfig: parsed.data.frequencyConfig ?? null },
    { t: t as unknown as RecurrenceTranslate, locale, style: "sentence" },
  );
  return (
    <p className="text-sm font-medium" aria-live="polite" data-testid="schedule-words">
      {text}
    </p>
  );
}
