import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { getCurrentUser } from "@/lib/auth/current-user";
import { saveFailureAlerts } from "@/lib/actions/save-failure-alerts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("title"), robots: { index: false } };
}

export default async function SettingsPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return <SettingsScreen user={user} saveFailureAlerts={saveFailureAlerts} />;
}
