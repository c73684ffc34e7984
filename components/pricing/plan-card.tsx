import { Check } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";
import { PLANS, SEAT_PRICES } from "@/config/plans";
import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { formatMoney } from "@/lib/plans/format-money";
import { periodOffer } from "@/lib/plans/period-offer";
import { pricingAction } from "@/lib/plans/pricing-action";
import type { PricingViewer } from "@/lib/plans/pricing-action";
import { cn } from "@/lib/utils";
import { PlanCallItem } from "./plan-call-item";
import { PlanMediaItems } from "./plan-media-items";

// Labels wrap rather than push out of a narrow card ("Commencer gratuitement" at 1280 px).
const WRAPPING = "h-auto min-h-10 whitespace-normal text-center";

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
    // Five rows shared with the other cards of the row (subgrid): names, prices, savings lines,
    // features and buttons line up across cards whatever each one's text length.
    <li
      className={cn(
        "row-span-5 grid grid-rows-subgrid gap-y-0 rounded-xl border bg-card p-6",
        highlighted && "border-primary ring-1 ring-primary",
      )}
      data-testid={`plan-${planType}-${frequency}`}
    >
      <div>
        <h3 className="text-lg font-semibold">{t(`names.${planType}`)}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t(`descriptions.${planType}`)}</p>
      </div>
      <p className="mt-4 whitespace-nowrap">
        <span className="text-3xl font-bold xl:text-2xl">{formatMoney(offer.monthlyEquivCents, locale)}</span>
        <span className="text-sm text-muted-foreground">
          {"\u00a0"}
          {t("perMonth")}
        </span>
      </p>
      {/* Always there (empty on a monthly card) so the rows below stay level. */}
      <p className="mt-1 text-sm">
        {offer.offered && offer.months > 1 ? (
          <span className="font-medium text-green-700 dark:text-green-400" data-testid="savings">
            {t("saveLine", {
              percent: offer.discount,
              price: formatMoney(offer.priceCents, locale),
              billingLabel: t(`billingLabel.${offer.frequency}`),
            })}
          </span>
        ) : !offer.offered && frequency !== "monthly" && planType !== "free" ? (
          <span className="text-muted-foreground">{t("monthlyOnly")}</span>
        ) : null}
      </p>
      <ul className="mt-6 space-y-2 text-sm">
        <li className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t("limits.contacts", { count: plan.contactsLimit })}
        </li>
        <li className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {t("limits.remindersPerMonth", { count: plan.remindersLimit ?? 0 })}
        </li>
        <li className="flex gap-2" data-testid="plan-seats">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>
            {t("seatsIncluded", { count: plan.seats })}
            {plan.extraSeats && (
              <span className="block text-muted-foreground">
                {t("extraSeatPrice", { price: formatMoney(SEAT_PRICES.monthly, locale) })}
              </span>
            )}
          </span>
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
      <div className="mt-6 self-end">
        {action.href ? (
          <a
            href={action.href}
            className={cn(
              buttonVariants({
                variant: highlighted ? "default" : "outline",
                className: "w-full",
              }),
              WRAPPING,
            )}
          >
            {t(`actions.${action.label}`)}
          </a>
        ) : action.unavailable || action.ownerOnly ? (
          <>
            <span
              className={cn(
                buttonVariants({
                  variant: "outline",
                  className: "w-full cursor-not-allowed opacity-60",
                }),
                WRAPPING,
              )}
              aria-disabled="true"
              aria-describedby={`unavailable-${planType}-${frequency}`}
            >
              {t(`actions.${action.label}`)}
            </span>
            <p id={`unavailable-${planType}-${frequency}`} className="mt-2 text-sm text-muted-foreground">
              {t(action.ownerOnly ? "ownerOnly" : "paymentsUnavailable")}
            </p>
          </>
        ) : (
          <span
            className={cn(
              buttonVariants({ variant: "secondary", className: "w-full cursor-default" }),
              WRAPPING,
            )}
            aria-disabled="true"
            data-testid="current-plan"
          >
            {t(`actions.${action.label}`)}
          </span>
        )}
      </div>
    </li>
  );
}
