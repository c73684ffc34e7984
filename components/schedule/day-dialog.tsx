"use client";

import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { CalendarDay } from "@/lib/calendar/get-schedule-calendar";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { OccurrenceButton } from "./occurrence-button";

/** A day's occurrences in full (Enter on a grid day, or its "more" button); each opens its reminder. */
export function DayDialog({
  day,
  reminders,
  timeZone,
  onOpenChange,
  onOpen,
}: {
  day: CalendarDay | null;
  reminders: Map<string, ReminderDto>;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  onOpen?: (reminder: ReminderDto) => void;
}) {
  const t = useTranslations("schedule.calendar");
  return (
    <Dialog open={day !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid="day-dialog">
        <DialogHeader>
          <DialogTitle className="first-letter:uppercase">{day?.label}</DialogTitle>
          <DialogDescription className="first-letter:uppercase">
            {t("count", { count: day?.occurrences.length ?? 0 })}
          </DialogDescription>
        </DialogHeader>
        {day && day.occurrences.length > 0 ? (
          <ul className="space-y-2">
            {day.occurrences.map(({ reminderId, at, status }) => {
              const reminder = reminders.get(reminderId);
              return reminder ? (
                <li key={`${reminderId}-${at}`}>
                  <OccurrenceButton
                    reminder={reminder}
                    at={at}
                    status={status}
                    timeZone={timeZone}
                    onOpen={onOpen}
                  />
                </li>
              ) : null;
            })}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
