import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AutoRechargeCard } from "@/components/billing/auto-recharge-card";
import { BillingNotices } from "@/components/billing/billing-notices";
import { BillingOwnerOnly } from "@/components/billing/billing-owner-only";
import { CreditsCard } from "@/components/billing/credits-card";
import { CurrentPlanCard } from "@/components/billing/current-plan-card";
import { NextBillingCard } from "@/components/billing/next-billing-card";
import { PaymentMethodCard } from "@/components/billing/payment-method-card";
import { SeatsCard } from "@/components/billing/seats-card";
import { UsageCard } from "@/components/billing/usage-card";
import { getCurrentActor } from "@/lib/auth/current-user";
import { getBillingOverview } from "@/lib/billing/get-billing-overview";
import { listCreditLedger } from "@/lib/credits/list-credit-ledger";
import { db } from "@/lib/db";
import { ledgerPageSchema } from "@/lib/validations/billing-page";
import { isPermitted } from "@/lib/workspaces/authorize";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("billing");
  return { title: t("title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The workspace's billing, its owner's alone (`manage_billing`): others see the refusal only. */
export default async function BillingPage({ searchParams }: { searchParams: SearchParams }) {
  const actor = await getCurrentActor();
  if (!actor) redirect("/");
  const t = await getTranslations("billing");
  const heading = (
    <div>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-muted-foreground">{t("subtitle")}</p>
    </div>
  );
  if (!isPermitted(actor.role, "manage_billing"))
    return (
      <div className="space-y-6">
        {heading}
        <BillingOwnerOnly workspaceName={actor.workspace.name} />
      </div>
    );
  const { workspace, user } = actor;
  const params = await searchParams;
  const [overview, ledger, locale] = await Promise.all([
    getBillingOverview(workspace),
    listCreditLedger(db, workspace.id, ledgerPageSchema.parse(params.ledger)),
    getLocale(),
  ]);
  const now = new Date();
  return (
    <div className="space-y-6">
      {heading}
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
      <BillingNotices workspace={workspace} />
      <div className="grid gap-6 md:grid-cols-2">
        <CurrentPlanCard workspace={workspace} timeZone={user.timezone} now={now} />
        <UsageCard workspace={workspace} contactsCount={overview.contactsCount} timeZone={user.timezone} />
        <SeatsCard
          workspace={workspace}
          seats={overview.seats}
          payments={overview.payments}
          locale={locale}
        />
        <NextBillingCard workspace={workspace} timeZone={user.timezone} />
        <PaymentMethodCard card={overview.card} payments={overview.payments} />
        <CreditsCard workspace={workspace} ledger={ledger} locale={locale} timeZone={user.timezone} />
        {(workspace.planType === "payg" || workspace.paygCreditBalance > 0) && (
          <AutoRechargeCard
            enabled={workspace.autoRechargeEnabled}
            packageIndex={workspace.autoRechargePackageIndex}
            thresholdCents={workspace.autoRechargeThresholdCents}
            error={workspace.autoRechargeError}
          />
        )}
      </div>
    </div>
  );
}
