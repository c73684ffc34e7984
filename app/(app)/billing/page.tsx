import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AutoRechargeCard } from "@/components/billing/auto-recharge-card";
import { BillingNotices } from "@/components/billing/billing-notices";
import { CreditsCard } from "@/components/billing/credits-card";
import { CurrentPlanCard } from "@/components/billing/current-plan-card";
import { NextBillingCard } from "@/components/billing/next-billing-card";
import { PaymentMethodCard } from "@/components/billing/payment-method-card";
import { UsageCard } from "@/components/billing/usage-card";
import { getCurrentUser } from "@/lib/auth/current-user";
import { getBillingOverview } from "@/lib/billing/get-billing-overview";
import { listCreditLedger } from "@/lib/credits/list-credit-ledger";
import { db } from "@/lib/db";
import { ledgerPageSchema } from "@/lib/validations/billing-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function BillingPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  const params = await searchParams;
  const [t, overview, ledger, locale] = await Promise.all([
    getTranslations("billing"),
    getBillingOverview(user),
    listCreditLedger(db, user.id, ledgerPageSchema.parse(params.ledger)),
    getLocale(),
  ]);
  const now = new Date();
  return (
    <div className="space-y-6">
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
      <BillingNotices user={user} />
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentPlanCard user={user} now={now} />
        <UsageCard user={user} contactsCount={overview.contactsCount} />
        <NextBillingCard user={user} />
        <PaymentMethodCard card={overview.card} payments={overview.payments} />
        <CreditsCard user={user} ledger={ledger} locale={locale} />
        {(user.planType === "payg" || user.paygCreditBalance > 0) && (
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
