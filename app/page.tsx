import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardScreen } from "@/components/dashboard/dashboard-screen";
import { AppShell } from "@/components/layout/app-shell";
import { LandingPage } from "@/components/marketing/landing-page";
import { getCurrentUser } from "@/lib/auth/current-user";
import { pageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("landing");
  return pageMetadata({
    title: t("metaTitle"),
    description: t("metaDescription"),
    path: "/",
    absoluteTitle: true,
  });
}

export default async function HomePage() {
  const user = await getCurrentUser();
  if (!user) return <LandingPage />;
  return (
    <AppShell user={user}>
      <DashboardScreen user={user} />
    </AppShell>
  );
}
