"use client";

import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useCan } from "@/components/layout/permissions";
import { ReminderDialog } from "@/components/reminders/reminder-dialog";
import { useKeysetPages } from "@/lib/api-client/use-keyset-pages";
import type { ScheduleCalendar } from "@/lib/calendar/get-schedule-calendar";
import type { ReminderPage } from "@/lib/reminders/list-reminders";
import type { ReminderDto } from "@/lib/reminders/to-reminder-dto";
import type { ContactOption, ReminderUser } from "@/lib/reminders/types";
import { SCHEDULE_VIEWS, type ScheduleView } from "@/lib/validations/calendar";
import { cn } from "@/lib/utils";
import { CalendarView } from "./calendar-view";
import { ScheduleList } from "./schedule-list";
import { scheduleHref } from "./schedule-href";

/**
 * The Schedule screen: the list (Today / Tomorrow / Upcoming, the default) or a week or month
 * calendar, chosen in the address (`?view=`), and the reminder dialog every view opens (for a
 * role that may write; a viewer reads the schedule without opening reminders to edit).
 */
export function ScheduleScreen({
  user,
  contacts,
  view,
  firstPage,
  calendar,
}: {
  user: ReminderUser;
  contacts: ContactOption[];
  view: ScheduleView;
  /** The list's first page (list view). */
  firstPage: ReminderPage | null;
  /** The week or month (calendar views). */
  calendar: ScheduleCalendar | null;
}) {
  const t = useTranslations("schedule");
  const router = useRouter();
  const canWrite = useCan("write");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<ReminderDto | undefined>();
  const pages = useKeysetPages<ReminderDto>(
    view === "list" ? "/api/reminders?view=schedule" : null,
    firstPage,
  );
  const open = canWrite
    ? (reminder?: ReminderDto) => {
        setEditing(reminder);
        setDialogOpen(true);
      }
    : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="text-muted-foreground">{t(view === "list" ? "subtitle" : "calendarSubtitle")}</p>
        </div>
        {open && (
          <Button onClick={() => open()}>
            <PlusIcon aria-hidden="true" />
            {t("newReminder")}
          </Button>
        )}
      </div>
      <nav aria-label={t("views.label")}>
        <ul className="inline-flex rounded-md border bg-muted p-1">
          {SCHEDULE_VIEWS.map((item) => (
            <li key={item}>
              <Link
                href={scheduleHref(item, item === "list" ? undefined : calendar?.date)}
                aria-current={item === view ? "page" : undefined}
                className={cn(
                  "inline-flex h-8 items-center rounded px-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  item === view ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {t(`views.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {calendar ? (
        <CalendarView calendar={calendar} timeZone={user.timezone} onOpen={open} />
      ) : (
        <ScheduleList
          items={pages.items}
          loading={pages.loading}
          hasMore={pages.hasMore}
          timeZone={user.timezone}
          onOpen={open}
          onLoadMore={pages.loadMore}
        />
      )}
      {open && (
        <ReminderDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          contacts={contacts}
          user={user}
          reminder={editing}
          onSaved={() => (view === "list" ? pages.reload() : router.refresh())}
        />
      )}
    </div>
  );
}
