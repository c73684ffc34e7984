import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ScheduleScreen } from "@/components/schedule/schedule-screen";
import { getCurrentActor } from "@/lib/auth/current-user";
import { toLocale } from "@/i18n/locales";
import { getScheduleCalendar } from "@/lib/calendar/get-schedule-calendar";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { listReminders } from "@/lib/reminders/list-reminders";
import { toReminderUser } from "@/lib/reminders/to-reminder-user";
import { withMessageTexts } from "@/lib/reminders/with-message-texts";
import { scheduleSearchSchema } from "@/lib/validations/calendar";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("schedule"))("title") };
}

export default async function SchedulePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const { user, workspace } = actor;
  const { view, date } = scheduleSearchSchema.parse(await searchParams);
  const locale = toLocale(await getLocale());
  const [contacts, firstPage, calendar] = await Promise.all([
    listContactOptions(workspace.id, toLocale(user.locale)),
    view === "list" ? listReminders(workspace.id, { status: "all", view: "schedule", limit: 50 }) : null,
    view === "list"
      ? null
      : getScheduleCalendar(
          workspace.id,
          { view, date },
          { locale, timeZone: user.timezone, now: new Date() },
        ),
  ]);
  return (
    <ScheduleScreen
      key={view}
      user={toReminderUser(actor)}
      contacts={contacts}
      view={view}
      firstPage={firstPage && { ...firstPage, items: await withMessageTexts(workspace.id, firstPage.items) }}
      calendar={calendar}
    />
  );
}
