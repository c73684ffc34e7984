import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PublicFooter } from "@/components/marketing/public-footer";
import { PublicHeader } from "@/components/marketing/public-header";
import { PricingPage } from "@/components/pricing/pricing-page";
import { getCurrentUser } from "@/lib/auth/current-user";
import { paymentsState } from "@/lib/payments/payments-state";
import { pageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("plans");
  return pageMetadata({ title: t("metaTitle"), description: t("metaDescription"), path: "/pricing" });
}

export default async function Pricing() {
  const user = await getCurrentUser();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={user !== null} />
      <main id="main" className="flex-1">
        <PricingPage viewer={user} paymentsAvailable={paymentsState() !== "unavailable"} />
      </main>
      <PublicFooter />
    </div>
  );
}
