"use client";

import { ListedMessage } from "@/components/reminders/listed-message";
import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadMoreButton } from "@/components/ui/load-more-list";
import { addDays, formatCivilDate, parseCivilDate } from "@/lib/recurrence/civil-date";
import { formatInZone, formatNearDate, localDayKey } from "@/lib/reminders/format-in-zone";
import { recipientName, type RemindersTranslate } from "@/lib/reminders/recipient-name";
import { displayZone } from "@/lib/reminders/schedule-text";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";

type Group = "today" | "tomorrow" | "upcoming";

/** Today / Tomorrow / Upcoming by the local calendar day in the user's timezone. */
function groupOf(due: string, timeZone: string, now: Date): Group {
  const day = localDayKey(due, timeZone);
  const today = localDayKey(now, timeZone);
  if (day <= today) return "today";
  return day === formatCivilDate(addDays(parseCivilDate(today), 1)) ? "tomorrow" : "upcoming";
}

/** The Schedule's list view: each scheduled reminder's next due time, soonest first, grouped. */
export function ScheduleList({
  items,
  loading,
  hasMore,
  timeZone,
  onOpen,
  onLoadMore,
}: {
  items: ReminderDto[];
  loading: boolean;
  hasMore: boolean;
  timeZone: string;
  /** Opens a reminder to edit; absent for a role that may not write (the list only shows). */
  onOpen?: (reminder?: ReminderDto) => void;
  onLoadMore: () => void;
}) {
  const t = useTranslations("schedule");
  const types = useTranslations("reminders.types");
  const reminders = useTranslations("reminders");
  const locale = useLocale();
  const now = new Date();

  const groups: Record<Group, ReminderDto[]> = { today: [], tomorrow: [], upcoming: [] };
  for (const reminder of items) {
    if (reminder.status === "scheduled" && reminder.scheduledFor) {
      groups[groupOf(reminder.scheduledFor, timeZone, now)].push(reminder);
    }
  }
  const empty = groups.today.length + groups.tomorrow.length + groups.upcoming.length === 0;

  return (
    <>
      {empty && !loading ? (
        <div className="space-y-4 rounded-lg border border-dashed p-10 text-center">
          <p className="text-muted-foreground">{t("empty")}</p>
          {onOpen && <Button onClick={() => onOpen()}>{t("emptyCta")}</Button>}
        </div>
      ) : (
        (["today", "tomorrow", "upcoming"] as const).map((group) =>
          groups[group].length === 0 ? null : (
            <section
              key={group}
              aria-labelledby={`schedule-${group}`}
              className="space-y-3"
              data-testid={`group-${group}`}
            >
              <h2 id={`schedule-${group}`} className="text-lg font-semibold">
                {t(group)}
              </h2>
              <ul className="space-y-3">
                {groups[group].map((reminder) => {
                  const due = reminder.scheduledFor ?? "";
                  // The same zone as the Reminders list's text (lib/reminders/schedule-text.ts).
                  const shown = displayZone(reminder, timeZone);
                  const type = types(reminder.type as "text");
                  const name = recipientName(reminder, reminders as unknown as RemindersTranslate);
                  return (
                    <li
                      key={reminder.id}
                      className="flex items-center gap-4 rounded-lg border p-4"
                      data-testid="schedule-item"
                    >
                      <div className="flex w-24 shrink-0 flex-col items-center rounded-md bg-muted p-2 text-center">
                        <span className="text-sm font-semibold">
                          {formatNearDate(due, "dayMonth", shown.zone, locale, now)}
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {formatInZone(due, "time", shown.zone, locale)}
                        </span>
                        {shown.label ? (
                          <span className="text-[10px] leading-tight break-all text-muted-foreground">
                            {shown.label}
                          </span>
                        ) : null}
                      </div>
                      <div className="min-w-0 flex-1 space-y-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="font-medium">{name}</span>
                          <Badge variant="secondary">{type}</Badge>
                        </div>
                        <p className="truncate text-sm text-muted-foreground">
                          <ListedMessage reminder={reminder} fallback={t("typeReminder", { type })} />
                        </p>
                      </div>
                      {onOpen && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => onOpen(reminder)}
                          aria-label={t("editLabel", { name })}
                        >
                          {t("edit")}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ),
        )
      )}
      {hasMore && <LoadMoreButton loading={loading} onClick={onLoadMore} />}
    </>
  );
}
