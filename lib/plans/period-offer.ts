import { PERIOD_MONTHS, type PeriodPrice } from "@/config/plans";
import type { PaymentFrequency } from "@/db/schema/enums";
import { getPlan } from "./get-plan";

export interface PeriodOffer extends PeriodPrice {
  frequency: PaymentFrequency;
  /** Whether this is the period actually charged, or a monthly-only plan shown in another tab. */
  offered: boolean;
}

/**
 * What a plan costs in one pricing tab. Plans sold monthly only (Personal, Free) show their
 * monthly price in every tab and are checked out monthly.
 */
export function periodOffer(planType: string, frequency: PaymentFrequency): PeriodOffer {
  const plan = getPlan(planType);
  const price = plan.prices[frequency];
  if (price) return { ...price, frequency, offered: true };
  const monthly = plan.prices.monthly ?? {
    priceCents: plan.monthlyPriceCents,
    monthlyEquivCents: plan.monthlyPriceCents,
    discount: 0,
    months: PERIOD_MONTHS.monthly,
  };
  return { ...monthly, frequency: "monthly", offered: false };
}
