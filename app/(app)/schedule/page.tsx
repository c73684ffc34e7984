import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ScheduleScreen } from "@/components/schedule/schedule-screen";
import { getCurrentUser } from "@/lib/auth/current-user";
import { toLocale } from "@/i18n/locales";
import { listContactOptions } from "@/lib/reminders/list-contact-options";
import { listReminders } from "@/lib/reminders/list-reminders";
import { toReminderUser } from "@/lib/reminders/to-reminder-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("schedule"))("title") };
}

export default async function SchedulePage() {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const [contacts, firstPage] = await Promise.all([
    listContactOptions(user.id, toLocale(user.locale)),
    listReminders(user.id, { status: "all", view: "schedule", limit: 50 }),
  ]);
  return <ScheduleScreen user={toReminderUser(user)} contacts={contacts} firstPage={firstPage} />;
}
