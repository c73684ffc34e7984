import "server-only";
import {
  CREDIT_PACKAGES,
  PERIOD_MONTHS,
  PLANS,
  PRICE_PER_REMINDER_CENTS,
  SEAT_PRICES,
  type CreditPackage,
} from "@/config/plans";
import { PAYMENT_FREQUENCIES, type PaymentFrequency, type PlanType } from "@/db/schema/enums";

/**
 * Stripe's view of config/plans.ts: every product and price the app sells, keyed by
 * lookup key so no Stripe price id is ever typed by hand. Derived, never edited.
 */
export interface CataloguePrice {
  lookupKey: string;
  productId: string;
  unitAmount: number;
  /** Months per billing period; null for one-time prices (credit packages). */
  intervalMonths: number | null;
}

export interface CatalogueProduct {
  id: string;
  name: string;
}

const PREFIX = "remindful";

export const planLookupKey = (planType: PlanType, frequency: PaymentFrequency) =>
  `${PREFIX}_${planType}_${frequency}`;
export const packageLookupKey = (pkg: CreditPackage) => `${PREFIX}_credits_${pkg.amountCents}`;
export const planProductId = (planType: PlanType) => `${PREFIX}_${planType}`;
export const CREDITS_PRODUCT_ID = `${PREFIX}_credits`;
/** Members beyond a plan's own: one recurring price per billing period, sold as a quantity. */
export const SEAT_PRODUCT_ID = `${PREFIX}_seat`;
export const seatLookupKey = (frequency: PaymentFrequency) => `${PREFIX}_seat_${frequency}`;

/** Whether a subscription price is the seat add-on (any period). */
export function isSeatLookupKey(lookupKey: string | null | undefined): boolean {
  return PAYMENT_FREQUENCIES.some((frequency) => seatLookupKey(frequency) === lookupKey);
}

const PLAN_NAMES: Partial<Record<PlanType, string>> = {
  personal: "Remindful Personal",
  starter: "Remindful Starter",
  professional: "Remindful Professional",
  business: "Remindful Business",
};

/** Plans sold as subscriptions: purchasable and with a price above zero. */
export function paidPlans(): PlanType[] {
  return Object.values(PLANS)
    .filter((plan) => plan.purchasable && (plan.prices.monthly?.priceCents ?? 0) > 0)
    .map((plan) => plan.planType);
}

export function catalogueProducts(): CatalogueProduct[] {
  return [
    ...paidPlans().map((planType) => ({
      id: planProductId(planType),
      name: PLAN_NAMES[planType] ?? planType,
    })),
    { id: SEAT_PRODUCT_ID, name: "Remindful extra member" },
    { id: CREDITS_PRODUCT_ID, name: "Remindful reminder credits" },
  ];
}

export function cataloguePrices(): CataloguePrice[] {
  const plans = paidPlans().flatMap((planType) =>
    PAYMENT_FREQUENCIES.flatMap((frequency) => {
      const price = PLANS[planType].prices[frequency];
      if (!price) return [];
      return [
        {
          lookupKey: planLookupKey(planType, frequency),
          productId: planProductId(planType),
          unitAmount: price.priceCents,
          intervalMonths: price.months,
        },
      ];
    }),
  );
  const seats = PAYMENT_FREQUENCIES.map((frequency) => ({
    lookupKey: seatLookupKey(frequency),
    productId: SEAT_PRODUCT_ID,
    unitAmount: SEAT_PRICES[frequency],
    intervalMonths: PERIOD_MONTHS[frequency],
  }));
  const packages = CREDIT_PACKAGES.map((pkg) => ({
    lookupKey: packageLookupKey(pkg),
    productId: CREDITS_PRODUCT_ID,
    unitAmount: pkg.amountCents,
    intervalMonths: null,
  }));
  return [...plans, ...seats, ...packages];
}

/** The plan and period a subscription price stands for, from its lookup key. */
export function parsePlanLookupKey(
  lookupKey: string | null | undefined,
): { planType: PlanType; frequency: PaymentFrequency } | null {
  if (!lookupKey) return null;
  for (const planType of paidPlans()) {
    for (const frequency of PAYMENT_FREQUENCIES) {
      if (PLANS[planType].prices[frequency] && planLookupKey(planType, frequency) === lookupKey) {
        return { planType, frequency };
      }
    }
  }
  return null;
}

/** Whether checkout for this plan and period starts with the catalogue's free trial. */
export function planHasTrial(planType: PlanType, frequency: PaymentFrequency): boolean {
  const plan = PLANS[planType];
  // Personal's trial is monthly only (it is only sold monthly anyway).
  if (planType === "personal") return plan.hasFreeTrial && frequency === "monthly";
  return plan.hasFreeTrial;
}

/** Credits a package adds: one cent per reminder, bonus included ($50 adds 5,250). */
export function packageCreditCents(pkg: CreditPackage): number {
  return pkg.reminders * PRICE_PER_REMINDER_CENTS;
}
