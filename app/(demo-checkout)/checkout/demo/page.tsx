import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DemoCheckout } from "@/components/billing/demo-checkout";
import { AppShell } from "@/components/layout/app-shell";
import { CREDIT_PACKAGES, PLANS, PRICE_PER_REMINDER_CENTS, SEAT_PRICES } from "@/config/plans";
import { getCurrentActor } from "@/lib/auth/current-user";
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
    extraSeats: params.seats ?? undefined,
  });
  if (!parsed.success) notFound();
  const input = parsed.data;
  const [t, tPlans, locale, actor] = await Promise.all([
    getTranslations("checkout"),
    getTranslations("plans"),
    getLocale(),
    getCurrentActor(),
  ]);
  // The layout sent signed-out visitors away.
  if (!actor) notFound();
  if (input.planType === "payg") {
    const pkg = CREDIT_PACKAGES[input.creditPackageIndex ?? 0];
    return (
      <AppShell actor={actor}>
        <DemoCheckout
          input={input}
          line={t("creditsLine", {
            amount: formatMoney(pkg.reminders * PRICE_PER_REMINDER_CENTS, locale),
            reminders: pkg.reminders,
          })}
          total={formatMoney(pkg.amountCents, locale)}
          trial={false}
        />
      </AppShell>
    );
  }
  const price = PLANS[input.planType].prices[input.paymentFrequency];
  // 'billed annually', not 'billed Annual': the period as a phrase, per language.
  const billing = tPlans(`billingLabel.${input.paymentFrequency}`);
  const seatsCents = SEAT_PRICES[input.paymentFrequency] * input.extraSeats;
  return (
    <AppShell actor={actor}>
      <DemoCheckout
        input={input}
        line={t("planLine", { plan: tPlans(`names.${input.planType}`), billing })}
        seatsLine={input.extraSeats > 0 ? t("seatsLine", { count: input.extraSeats, billing }) : undefined}
        total={formatMoney((price?.priceCents ?? 0) + seatsCents, locale)}
        trial={planHasTrial(input.planType, input.paymentFrequency) && !actor.workspace.stripeSubscriptionId}
      />
    </AppShell>
  );
}
