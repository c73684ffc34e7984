import { Check } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { PLANS } from "@/config/plans";
import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { formatMoney } from "@/lib/plans/format-money";
import { periodOffer } from "@/lib/plans/period-offer";
import { pricingAction } from "@/lib/plans/pricing-action";
import type { PricingViewer } from "@/lib/plans/pricing-action";
import { cn } from "@/lib/utils";
import { PlanCallItem } from "./plan-call-item";
import { PlanMediaItems } from "./plan-media-items";

/** One subscription card in one billing-period tab of the pricing page. */
export async function PlanCard({
  planType,
  frequency,
  viewer,
  paymentsAvailable,
}: {
  planType: PlanType;
  frequency: PaymentFrequency;
  viewer: PricingViewer | null;
  paymentsAvailable: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations("plans"), getLocale()]);
  const plan = PLANS[planType];
  const offer = periodOffer(planType, frequency);
  const action = pricingAction(planType, frequency, viewer, paymentsAvailable);
  const highlighted = planType === "professional";
  return (
    <li
      className={cn(
        "flex flex-col rounded-xl border bg-card p-6",
        highlighted && "border-primary ring-1 ring-primary",
      )}
      data-testid={`plan-${planType}-${frequency}`}
    >
      <h3 className="text-lg font-semibold">{t(`names.${planType}`)}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{t(`descriptions.${planType}`)}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold">{formatMoney(offer.monthlyEquivCents, locale)}</span>
        <span className="text-sm text-muted-foreground"> {t("perMonth")}</span>
      </p>
      {offer.offered && offer.months > 1 && (
        <p className="mt-1 text-sm font-medium text-green-700 dark:text-green-400" data-testid="savings">
          {t("saveLine", {
            percent: offer.discount,
            price: formatMoney(offer.priceCents, locale),
            billingLabel: t(`billingLabel.${offer.frequency}`),
          })}
        </p>
      )}
      {!offer.offered && frequency !== "monthly" && planType !== "free" && (
        <p className="mt-1 text-sm text-muted-foreground">{t("monthlyOnly")}</p>
      )}
      <ul className="mt-6 flex-1 space-y-2 text-sm">
        <li className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t("limits.contacts", { count: plan.contactsLimit })}
        </li>
        <li className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t("limits.remindersPerMonth", { count: plan.remindersLimit ?? 0 })}
        </li>
        {plan.features
          .filter((feature) => feature !== "contacts" && feature !== "reminders")
          .map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {t(`features.${feature}`)}
            </li>
          ))}
        <PlanMediaItems planType={planType} iconClassName="mt-0.5 size-4 shrink-0 text-primary" />
        <PlanCallItem planType={planType} iconClassName="mt-0.5 size-4 shrink-0 text-primary" />
      </ul>
      {action.href ? (
        <a
          href={action.href}
          className={buttonVariants({
            variant: highlighted ? "default" : "outline",
            className: "mt-6 w-full",
          })}
        >
          {t(`actions.${action.label}`)}
        </a>
      ) : action.unavailable ? (
        <>
          <span
            className={buttonVariants({
              variant: "outline",
              className: "mt-6 w-full cursor-not-allowed opacity-60",
            })}
            aria-disabled="true"
            aria-describedby={`unavailable-${planType}-${frequency}`}
          >
            {t(`actions.${action.label}`)}
          </span>
          <p id={`unavailable-${planType}-${frequency}`} className="mt-2 text-sm text-muted-foreground">
            {t("paymentsUnavailable")}
          </p>
        </>
      ) : (
        <span
          className={buttonVariants({ variant: "secondary", className: "mt-6 w-full cursor-default" })}
          aria-disabled="true"
          data-testid="current-plan"
        >
          {t(`actions.${action.label}`)}
        </span>
      )}
    </li>
  );
}
