import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AutoRechargeCard } from "@/components/billing/auto-recharge-card";
import { CurrentPlanCard } from "@/components/billing/current-plan-card";
import { NextBillingCard } from "@/components/billing/next-billing-card";
import { PaymentMethodCard } from "@/components/billing/payment-method-card";
import { UsageCard } from "@/components/billing/usage-card";
import { getCurrentUser } from "@/lib/auth/current-user";
import { getBillingOverview } from "@/lib/billing/get-billing-overview";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function BillingPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const [t, overview, params] = await Promise.all([
    getTranslations("billing"),
    getBillingOverview(user),
    searchParams,
  ]);
  const now = new Date();
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <div>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {params.checkout === "success" && (
        // Only a confirmation: the plan changes when Stripe's webhook arrives.
        <p
          role="status"
          data-testid="checkout-success"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {t("checkoutSuccess")}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentPlanCard user={user} now={now} />
        <UsageCard user={user} contactsCount={overview.contactsCount} />
        <NextBillingCard user={user} />
        <PaymentMethodCard card={overview.card} stripeEnabled={overview.stripeEnabled} />
        {user.planType === "payg" && (
          <AutoRechargeCard
            enabled={user.autoRechargeEnabled}
            packageIndex={user.autoRechargePackageIndex}
            thresholdCents={user.autoRechargeThresholdCents}
            error={user.autoRechargeError}
          />
        )}
      </div>
    </div>
  );
}
