"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { CalendarDay, ScheduleCalendar } from "@/lib/calendar/get-schedule-calendar";
import { moveFocus } from "@/lib/calendar/schedule-period";
import { formatCivilDate, parseCivilDate } from "@/lib/recurrence/civil-date";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import { cn } from "@/lib/utils";
import { OccurrenceButton } from "./occurrence-button";

/** The most occurrences a day cell shows before "N more" (which lists the day in full). */
const CELL_LIMIT = { month: 3, week: 12 } as const;

const cellSelector = (date: string) => `[role="gridcell"][data-date="${date}"]`;

/**
 * The week or month as an ARIA grid: one Tab stop (the focused day, a roving tabindex), arrow
 * keys between days, Home/End to the week's ends, PageUp/PageDown by a month, Enter or Space
 * to list the day. A move off the page's week or month asks for the page that holds the day
 * (`onMove`) and focuses the day once that page has arrived; a move pressed while a page loads
 * is ignored.
 */
export function CalendarGrid({
  calendar,
  reminders,
  timeZone,
  titleId,
  onOpen,
  onOpenDay,
  onMove,
  busy,
}: {
  calendar: ScheduleCalendar;
  reminders: Map<string, ReminderDto>;
  timeZone: string;
  titleId: string;
  onOpen?: (reminder: ReminderDto) => void;
  onOpenDay: (day: CalendarDay) => void;
  onMove: (date: string) => void;
  /** Another page is on its way: moves are ignored until it arrives. */
  busy: boolean;
}) {
  const t = useTranslations("schedule.calendar");
  const grid = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(calendar.date);
  const [pageDate, setPageDate] = useState(calendar.date);
  // The day a keyboard move asked for on another page: focused once that page has arrived.
  const focusWhenShown = useRef<string | null>(null);
  // A new page (a link, back/forward, or a keyboard move past the edge) focuses its own day.
  if (pageDate !== calendar.date) {
    setPageDate(calendar.date);
    setFocused(calendar.date);
  }

  useEffect(() => {
    if (focusWhenShown.current !== calendar.date) return;
    focusWhenShown.current = null;
    grid.current?.querySelector<HTMLElement>(cellSelector(calendar.date))?.focus();
  }, [calendar]);

  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < calendar.days.length; i += 7) weeks.push(calendar.days.slice(i, i + 7));
  const limit = CELL_LIMIT[calendar.view];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>('[role="gridcell"]');
    if (!cell) return;
    if ((event.key === "Enter" || event.key === " ") && target === cell) {
      event.preventDefault();
      const day = calendar.days.find((item) => item.date === cell.dataset.date);
      if (day) onOpenDay(day);
      return;
    }
    const next = moveFocus(parseCivilDate(cell.dataset.date ?? focused), event.key, calendar.firstDay);
    if (!next) return;
    event.preventDefault();
    // While another page loads, a move from the page on screen would be overtaken by it.
    if (busy) return;
    const date = formatCivilDate(next);
    setFocused(date);
    // A month page's days of the months around it are there to be seen: moving onto one turns
    // the page, as PageUp and PageDown always do.
    const onPage = calendar.days.some((day) => day.date === date && day.inPeriod);
    const shown = onPage ? grid.current?.querySelector<HTMLElement>(cellSelector(date)) : null;
    if (shown) {
      shown.focus();
    } else {
      focusWhenShown.current = date;
      onMove(date);
    }
  }

  return (
    <div
      ref={grid}
      role="grid"
      aria-labelledby={titleId}
      className="overflow-hidden rounded-lg border-r border-b"
      onKeyDown={onKeyDown}
      data-testid="calendar-grid"
    >
      <div role="row" className="grid grid-cols-7">
        {calendar.weekdays.map((name) => (
          <div
            key={name.long}
            role="columnheader"
            className="border-t border-l bg-muted px-2 py-1 text-center text-xs font-medium text-muted-foreground"
          >
            <span aria-hidden="true">{name.short}</span>
            <span className="sr-only">{name.long}</span>
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div key={week[0].date} role="row" className="grid grid-cols-7">
          {week.map((day) => {
            const count = day.occurrences.length;
            const visible = count > limit ? day.occurrences.slice(0, limit - 1) : day.occurrences;
            return (
              <div
                key={day.date}
                role="gridcell"
                data-date={day.date}
                tabIndex={day.date === focused ? 0 : -1}
                aria-current={day.today ? "date" : undefined}
                onFocus={() => setFocused(day.date)}
                className={cn(
                  "flex min-w-0 flex-col gap-1 border-t border-l p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                  calendar.view === "month" ? "min-h-28" : "min-h-72",
                  !day.inPeriod && "bg-muted/50",
                )}
              >
                {/* The cell's name comes from its content (what a screen reader says on arrival):
                    the day in words and how many, then the occurrences' own text. */}
                <span className="sr-only">{`${day.label}, ${t("count", { count })}`}</span>
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-6 items-center justify-center self-end rounded-full text-xs",
                    day.today && "bg-primary font-semibold text-primary-foreground",
                    !day.today && !day.inPeriod && "text-muted-foreground",
                  )}
                >
                  {day.dayOfMonth}
                </span>
                {visible.length > 0 ? (
                  <ul className="space-y-1">
                    {visible.map(({ reminderId, at, status }) => {
                      const reminder = reminders.get(reminderId);
                      return reminder ? (
                        <li key={`${reminderId}-${at}`}>
                          <OccurrenceButton
                            reminder={reminder}
                            at={at}
                            status={status}
                            timeZone={timeZone}
                            compact
                            onOpen={onOpen}
                          />
                        </li>
                      ) : null;
                    })}
                  </ul>
                ) : null}
                {count > visible.length ? (
                  <button
                    type="button"
                    tabIndex={-1}
                    className="self-start rounded px-1 text-xs font-medium underline-offset-2 hover:underline"
                    onClick={() => onOpenDay(day)}
                  >
                    {t("more", { count: count - visible.length })}
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
