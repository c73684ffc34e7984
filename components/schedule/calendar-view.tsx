"use client";

import { CalendarKeyboardHint } from "./calendar-keyboard-hint";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { CalendarDay, ScheduleCalendar } from "@/lib/calendar/get-schedule-calendar";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { CalendarAgenda } from "./calendar-agenda";
import { CalendarGrid } from "./calendar-grid";
import { DayDialog } from "./day-dialog";
import { scheduleHref } from "./schedule-href";
import { StatusLegend } from "./status-legend";

/**
 * A week or month of the Schedule: the page's links (before, today, after), a grid from the
 * lg breakpoint (1024 px) up and an agenda below it, and the day dialog. The page comes from the server
 * (`getScheduleCalendar`); moving to another page is a navigation, so reload and back work.
 */
export function CalendarView({
  calendar,
  timeZone,
  onOpen,
}: {
  calendar: ScheduleCalendar;
  timeZone: string;
  /** Opens a reminder to edit; absent for a role that may not write (the occurrences only show). */
  onOpen?: (reminder: ReminderDto) => void;
}) {
  const t = useTranslations("schedule.calendar");
  const router = useRouter();
  const titleId = useId();
  const [pending, startTransition] = useTransition();
  const [openDay, setOpenDay] = useState<CalendarDay | null>(null);
  const reminders = useMemo(
    () => new Map(calendar.reminders.map((reminder) => [reminder.id, reminder])),
    [calendar.reminders],
  );
  const month = calendar.view === "month";

  return (
    <section aria-labelledby={titleId} className="space-y-4" aria-busy={pending}>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="icon">
          <Link
            href={scheduleHref(calendar.view, calendar.previous)}
            aria-label={t(month ? "previousMonth" : "previousWeek")}
          >
            <ChevronLeftIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={scheduleHref(calendar.view, calendar.today)}>{t("today")}</Link>
        </Button>
        <Button asChild variant="outline" size="icon">
          <Link
            href={scheduleHref(calendar.view, calendar.next)}
            aria-label={t(month ? "nextMonth" : "nextWeek")}
          >
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <h2
          id={titleId}
          className="ml-1 text-lg font-semibold first-letter:uppercase"
          data-testid="calendar-title"
        >
          {calendar.title}
        </h2>
        <p className="w-full text-xs text-muted-foreground sm:ml-auto sm:w-auto">
          {t("timeZone", { zone: timeZone })}
        </p>
      </div>
      <StatusLegend />
      {calendar.truncated ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          {t("truncated")}
        </p>
      ) : null}
      <div className="hidden space-y-2 lg:block">
        <CalendarGrid
          calendar={calendar}
          reminders={reminders}
          timeZone={timeZone}
          titleId={titleId}
          onOpen={onOpen}
          onOpenDay={setOpenDay}
          busy={pending}
          onMove={(date) =>
            startTransition(() => router.push(scheduleHref(calendar.view, date), { scroll: false }))
          }
        />
        <CalendarKeyboardHint view={calendar.view} />
      </div>
      <div className="lg:hidden">
        <CalendarAgenda calendar={calendar} reminders={reminders} timeZone={timeZone} onOpen={onOpen} />
      </div>
      <DayDialog
        day={openDay}
        reminders={reminders}
        timeZone={timeZone}
        onOpenChange={(open) => !open && setOpenDay(null)}
        onOpen={
          onOpen &&
          ((reminder) => {
            setOpenDay(null);
            onOpen(reminder);
          })
        }
      />
    </section>
  );
}
