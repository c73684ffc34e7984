"use client";

import { useTranslations } from "next-intl";
import type { CalendarView } from "@/lib/calendar/schedule-period";

/**
 * What the grid's keys do, for the view on screen: on a week, Up and Down turn the page to the
 * next week and Page Up and Page Down jump a month (moveFocus); a month's hint says the month changes.
 */
export function CalendarKeyboardHint({ view }: { view: CalendarView }) {
  const t = useTranslations("schedule.calendar");
  return (
    <p className="text-xs text-muted-foreground" data-testid="calendar-keyboard-hint">
      {view === "week" ? t("keyboardHintWeek") : t("keyboardHint")}
    </p>
  );
}
