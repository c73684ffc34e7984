import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DemoCheckout } from "@/components/billing/demo-checkout";
import { AppShell } from "@/components/layout/app-shell";
import { CREDIT_PACKAGES, PLANS } from "@/config/plans";
import { getCurrentUser } from "@/lib/auth/current-user";
import { formatMoney } from "@/lib/plans/format-money";
import { planHasTrial } from "@/lib/payments/catalogue";
import { checkoutSchema } from "@/lib/validations/checkout";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The demo checkout: only without a Stripe key, and never in production (the layout checks). The
 * app shell is drawn here, after the order is read: a notFound() before it shows the 404 page
 * alone, with its one `main` landmark.
 */
export default async function DemoCheckoutPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const parsed = checkoutSchema.safeParse({
    planType: params.plan,
    paymentFrequency: params.frequency ?? undefined,
    creditPackageIndex: params.package ?? undefined,
  });
  if (!parsed.success) notFound();
  const input = parsed.data;
  const [t, tPlans, locale, user] = await Promise.all([
    getTranslations("checkout"),
    getTranslations("plans"),
    getLocale(),
    getCurrentUser(),
  ]);
  // The layout sent signed-out visitors away.
  if (!user) notFound();
  if (input.planType === "payg") {
    const pkg = CREDIT_PACKAGES[input.creditPackageIndex ?? 0];
    return (
      <AppShell user={user}>
        <DemoCheckout
          input={input}
          line={t("creditsLine", { reminders: pkg.reminders })}
          total={formatMoney(pkg.amountCents, locale)}
          trial={false}
        />
      </AppShell>
    );
  }
  const price = PLANS[input.planType].prices[input.paymentFrequency];
  return (
    <AppShell user={user}>
      <DemoCheckout
        input={input}
        line={t("planLine", {
          plan: tPlans(`names.${input.planType}`),
          // 'billed annually', not 'billed Annual': the period as a phrase, per language.
          billing: tPlans(`billingLabel.${input.paymentFrequency}`),
        })}
        total={formatMoney(price?.priceCents ?? 0, locale)}
        trial={planHasTrial(input.planType, input.paymentFrequency) && !user.stripeSubscriptionId}
      />
    </AppShell>
  );
}
