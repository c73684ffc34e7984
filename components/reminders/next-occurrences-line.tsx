"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { anchoredSchedule, nextOccurrences, scheduleProblem } from "@/lib/recurrence";
import { formatInZone } from "@/lib/reminders/format-in-zone";
import { reminderShapeSchema, scheduleFromBody } from "@/lib/validations/reminder";
import { toRequestBody, type ReminderFormState } from "./reminder-form-state";

/** 'Next: ...' — the next three occurrences of the schedule being edited, in the user's zone. */
export function NextOccurrencesLine({
  state,
  timeZone,
  occurrencesSent = 0,
}: {
  state: ReminderFormState;
  timeZone: string;
  occurrencesSent?: number;
}) {
  const t = useTranslations("recurrence");
  const locale = useLocale();
  const text = useMemo(() => {
    const parsed = reminderShapeSchema.safeParse(toRequestBody(state));
    if (!parsed.success) return null;
    const now = new Date();
    const parsedSchedule = scheduleFromBody(parsed.data, timeZone);
    if (scheduleProblem({ anchorDate: "2000-01-01", ...parsedSchedule })) return null;
    // As the server saves it: an interval counts from the first occurrence after now.
    const schedule = anchoredSchedule(parsedSchedule, now);
    const dates = nextOccurrences(schedule, now, 3, occurrencesSent);
    if (dates.length === 0) return t("noNext");
    return t("next", {
      dates: dates.map((d) => formatInZone(d, "fullDateTime", timeZone, locale)).join(" · "),
    });
  }, [state, timeZone, occurrencesSent, t, locale]);
  if (!text) return null;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="next-occurrences">
      {text}
    </p>
  );
}
