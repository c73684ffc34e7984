import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PublicFooter } from "@/components/marketing/public-footer";
import { PublicHeader } from "@/components/marketing/public-header";
import { PricingPage } from "@/components/pricing/pricing-page";
import { getCurrentActor } from "@/lib/auth/current-user";
import { isPermitted } from "@/lib/workspaces/authorize";
import { paymentsState } from "@/lib/payments/payments-state";
import { pageMetadata } from "@/lib/seo/page-metadata";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("plans");
  return pageMetadata({ title: t("metaTitle"), description: t("metaDescription"), path: "/pricing" });
}

export default async function Pricing() {
  const actor = await getCurrentActor();
  // The plan shown as current is the workspace's; only its owner may buy (`manage_billing`).
  const viewer = actor && {
    planType: actor.workspace.planType,
    subscriptionStatus: actor.workspace.subscriptionStatus,
    canBuy: isPermitted(actor.role, "manage_billing"),
  };
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={actor !== null} />
      <main id="main" className="flex-1">
        <PricingPage viewer={viewer} paymentsAvailable={paymentsState() !== "unavailable"} />
      </main>
      <PublicFooter />
    </div>
  );
}
