import { BellRing, CalendarClock, Check, UserPlus } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { PLANS, PRICING_PLANS } from "@/config/plans";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/plans/format-money";
import { maxDiscount } from "@/lib/plans/max-discount";
import { CallCostRule } from "@/components/pricing/call-cost-rule";
import { PlanCallItem } from "@/components/pricing/plan-call-item";
import { HeroPreview } from "./hero-preview";
import { LandingFeatures } from "./landing-features";
import { PublicFooter } from "./public-footer";
import { PublicHeader } from "./public-header";

const STEPS = [
  { key: "addContacts", icon: UserPlus },
  { key: "createReminders", icon: BellRing },
  { key: "scheduleDelivery", icon: CalendarClock },
] as const;

/** Signed-out `/`: fully server-rendered. */
export async function LandingPage() {
  const [t, tPlans, locale] = await Promise.all([
    getTranslations("landing"),
    getTranslations("plans"),
    getLocale(),
  ]);
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={false} />
      <main id="main" className="flex-1">
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 lg:grid-cols-[1fr_auto] lg:py-20">
          <div className="text-center lg:text-left">
            <h1 className="text-4xl leading-tight font-bold tracking-tight break-words sm:text-5xl sm:leading-tight">
              {t("heroTitle")}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground lg:mx-0">
              {t("heroSubtitle")}
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
              <a href="/api/login" className={buttonVariants({ size: "lg" })}>
                {t("cta")}
              </a>
              <a href="/pricing" className={buttonVariants({ size: "lg", variant: "outline" })}>
                {t("seePricing")}
              </a>
            </div>
          </div>
          <div className="lg:w-80 lg:pr-2">
            <HeroPreview />
          </div>
        </section>

        <LandingFeatures />

        <section aria-labelledby="how-it-works" className="py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="how-it-works" className="text-center text-3xl font-bold">
              {t("howTitle")}
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map(({ key, icon: Icon }, index) => (
                <li key={key} className="rounded-xl border bg-card p-6">
                  <Icon className="size-8 text-primary" aria-hidden />
                  <h3 className="mt-4 text-lg font-semibold">
                    {`${index + 1}. `}
                    {t(`steps.${key}.title`)}
                  </h3>
                  <p className="mt-2 text-muted-foreground">{t(`steps.${key}.body`)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="plans" className="bg-muted/40 py-16">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="plans" className="text-center text-3xl font-bold">
              {t("plansTitle")}
            </h2>
            <ul
              className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
              data-testid="landing-plans"
            >
              {PRICING_PLANS.map((planType) => {
                const plan = PLANS[planType];
                const saveUpTo = maxDiscount(planType);
                return (
                  // Rows shared across a row of cards (subgrid), so prices and savings lines align.
                  <li
                    key={planType}
                    className="row-span-4 grid grid-rows-subgrid gap-y-0 rounded-xl border bg-card p-5"
                  >
                    <h3 className="font-semibold">{tPlans(`names.${planType}`)}</h3>
                    {/* One line: the price never leaves '/month' alone on the next (five narrow columns). */}
                    <p className="mt-2 whitespace-nowrap" data-testid="landing-price">
                      <span className="text-3xl font-bold lg:text-2xl">
                        {formatMoney(plan.monthlyPriceCents, locale, { whole: true })}
                      </span>
                      <span className="text-sm text-muted-foreground">
                        {"\u00a0"}
                        {tPlans("perMonth")}
                      </span>
                    </p>
                    <p className="mt-1 text-sm font-medium text-green-700 dark:text-green-400">
                      {saveUpTo > 0 ? tPlans("saveUpTo", { percent: saveUpTo }) : null}
                    </p>
                    <ul className="mt-4 space-y-1 text-sm">
                      <li className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                        {tPlans("limits.contacts", { count: plan.contactsLimit })}
                      </li>
                      <li className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                        {tPlans("limits.remindersPerMonth", { count: plan.remindersLimit ?? 0 })}
                      </li>
                      <PlanCallItem planType={planType} iconClassName="mt-0.5 size-4 shrink-0 text-primary" />
                    </ul>
                  </li>
                );
              })}
            </ul>
            <CallCostRule className="mt-6 text-center text-sm text-muted-foreground" />
            <p className="mt-2 text-center">
              <a href="/pricing" className="font-medium text-primary underline underline-offset-4">
                {t("comparePlans")}
              </a>
            </p>
          </div>
        </section>

        <section aria-labelledby="enterprise" className="py-16">
          <div className="mx-auto max-w-3xl px-4 text-center">
            <h2 id="enterprise" className="text-3xl font-bold">
              {t("enterpriseTitle")}
            </h2>
            <p className="mt-4 text-muted-foreground">{t("enterpriseBody")}</p>
            <a
              href={`mailto:${env.ENTERPRISE_EMAIL}?subject=${encodeURIComponent(t("enterpriseSubject"))}`}
              className={buttonVariants({ variant: "outline", size: "lg", className: "mt-6" })}
            >
              {t("enterpriseCta")}
            </a>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
