import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { getCurrentUser } from "@/lib/auth/current-user";
import { saveFailureAlerts } from "@/lib/actions/save-failure-alerts";
import { createCalendarFeedLink } from "@/lib/actions/create-calendar-feed-link";
import { calendarFeedUrl } from "@/lib/calendar/calendar-feed-url";
import { publicOrigin } from "@/lib/http/public-origin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("title"), robots: { index: false } };
}

export default async function SettingsPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const feedUrl = user.calendarToken
    ? calendarFeedUrl(publicOrigin(await headers()), user.calendarToken)
    : null;
  return (
    <SettingsScreen
      user={user}
      saveFailureAlerts={saveFailureAlerts}
      calendarFeedUrl={feedUrl}
      createCalendarFeedLink={createCalendarFeedLink}
    />
  );
}
