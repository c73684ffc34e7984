import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LandingPage } from "@/components/marketing/landing-page";
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

/**
 * The signed-out `/`. With a session cookie, proxy.ts rewrites `/` to app/home (the dashboard
 * in the app shell), so this route never imports the shell and the landing stays light.
 */
export default function HomePage() {
  return <LandingPage />;
}
