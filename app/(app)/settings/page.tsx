import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { getCurrentActor } from "@/lib/auth/current-user";
import { saveFailureAlerts } from "@/lib/actions/save-failure-alerts";
import { createCalendarFeedLink } from "@/lib/actions/create-calendar-feed-link";
import { calendarFeedUrl } from "@/lib/calendar/calendar-feed-url";
import { findCalendarToken } from "@/lib/calendar/find-calendar-token";
import { publicOrigin } from "@/lib/http/public-origin";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("title"), robots: { index: false } };
}

export default async function SettingsPage() {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const token = await findCalendarToken(actor.workspace.id, actor.user.id);
  const feedUrl = token ? calendarFeedUrl(publicOrigin(await headers()), token) : null;
  return (
    <SettingsScreen
      actor={actor}
      saveFailureAlerts={saveFailureAlerts}
      calendarFeedUrl={feedUrl}
      createCalendarFeedLink={createCalendarFeedLink}
    />
  );
}
