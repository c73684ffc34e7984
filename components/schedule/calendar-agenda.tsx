"use client";

import { useTranslations } from "next-intl";
import type { ScheduleCalendar } from "@/lib/calendar/get-schedule-calendar";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { OccurrenceButton } from "./occurrence-button";

/**
 * The week or month as a list of the days that have something scheduled (narrow screens, where
 * seven columns would not fit): the page's own days only, not the grid's days of other months.
 */
export function CalendarAgenda({
  calendar,
  reminders,
  timeZone,
  onOpen,
}: {
  calendar: ScheduleCalendar;
  reminders: Map<string, ReminderDto>;
  timeZone: string;
  onOpen?: (reminder: ReminderDto) => void;
}) {
  const t = useTranslations("schedule.calendar");
  const days = calendar.days.filter((day) => day.inPeriod && day.occurrences.length > 0);
  if (days.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        {t("periodEmpty")}
      </p>
    );
  }
  return (
    <ol className="space-y-5" data-testid="calendar-agenda">
      {days.map((day) => (
        <li key={day.date} className="space-y-2">
          <h3 className="text-sm font-semibold first-letter:uppercase">
            {day.label}
            {day.today ? (
              <span className="ml-2 font-normal text-muted-foreground">{t("todayMark")}</span>
            ) : null}
          </h3>
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
        </li>
      ))}
    </ol>
  );
}
