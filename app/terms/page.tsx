import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PublicFooter } from "@/components/marketing/public-footer";
import { PublicHeader } from "@/components/marketing/public-header";
import { TermsPage } from "@/components/marketing/terms-page";
import { getCurrentActor } from "@/lib/auth/current-user";
import { pageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("terms");
  return pageMetadata({ title: t("metaTitle"), description: t("metaDescription"), path: "/terms" });
}

export default async function Terms() {
  const actor = await getCurrentActor();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={actor !== null} />
      <main id="main" className="flex-1">
        <TermsPage />
      </main>
      <PublicFooter />
    </div>
  );
}
