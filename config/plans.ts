import type { MediaKind, PaymentFrequency, PlanType } from "@/db/schema/enums";

/** Plan catalogue: the one place every limit and price lives. Money is in cents. */
export interface PeriodPrice {
  /** What one billing period costs. */
  priceCents: number;
  /** That price spread over its months. */
  monthlyEquivCents: number;
  /** Percent saved against paying monthly. */
  discount: number;
  months: number;
}

export interface CreditPackage {
  amountCents: number;
  reminders: number;
  bonus: number;
}

export type PlanFeature =
  | "contacts"
  | "reminders"
  | "allChannels"
  | "recurring"
  | "email"
  | "noCard"
  | "prioritySupport"
  | "advancedAnalytics"
  | "accountManager"
  | "pricePerReminder"
  | "creditsNeverExpire"
  | "autoRecharge";

export interface Plan {
  planType: PlanType;
  /** null: no limit of this kind (pay-as-you-go reminders are limited by credit instead). */
  contactsLimit: number;
  remindersLimit: number | null;
  /** Message keys under `plans.features`. */
  features: readonly PlanFeature[];
  monthlyPriceCents: number;
  prices: Partial<Record<PaymentFrequency, PeriodPrice>>;
  hasFreeTrial: boolean;
  recurringAllowed: boolean;
  /** Which recorded reminders the plan may create (voice, video); text is open to every plan. */
  mediaKinds: readonly MediaKind[];
  /** Storage allowance for recorded clips and their renditions, in megabytes (10^6 bytes). */
  mediaStorageMb: number;
  /** Reminder calls the account may place in a day (UTC), retries included; 0: no calls. */
  callsPerDay: number;
  /** Members the plan includes, the owner counted (docs/billing.md, Seats). */
  seats: number;
  /** Whether more members can be bought, as a quantity of the seat price on the subscription. */
  extraSeats: boolean;
  /** Shown on the pricing page. */
  purchasable: boolean;
}

export const TRIAL_DAYS = 7;
export const PRICE_PER_REMINDER_CENTS = 1;
/**
 * A reminder call counts as this many reminders of the quota (pay-as-you-go: this many times the
 * price per reminder in credit), whatever its length (at most CALL_TIME_LIMIT_S); its retries
 * after no answer are free, and a call that never connects gives it back.
 */
export const REMINDERS_PER_CALL = 3;
export const LOW_BALANCE_CENTS = 500;

export const PERIOD_MONTHS: Record<PaymentFrequency, number> = {
  monthly: 1,
  quarterly: 3,
  biannual: 6,
  annual: 12,
};

function period(
  priceCents: number,
  monthlyEquivCents: number,
  discount: number,
  months: number,
): PeriodPrice {
  return { priceCents, monthlyEquivCents, discount, months };
}

export const PLANS: Record<PlanType, Plan> = {
  trial: {
    planType: "trial",
    contactsLimit: 50,
    remindersLimit: 50,
    features: ["contacts", "reminders", "allChannels", "recurring"],
    monthlyPriceCents: 0,
    prices: {},
    hasFreeTrial: true,
    recurringAllowed: true,
    mediaKinds: ["voice", "video"],
    mediaStorageMb: 500,
    callsPerDay: 10,
    seats: 3,
    extraSeats: false,
    purchasable: false,
  },
  free: {
    planType: "free",
    contactsLimit: 5,
    remindersLimit: 10,
    features: ["contacts", "reminders", "email", "noCard"],
    monthlyPriceCents: 0,
    prices: { monthly: period(0, 0, 0, 1) },
    hasFreeTrial: false,
    recurringAllowed: false,
    mediaKinds: [],
    mediaStorageMb: 0,
    callsPerDay: 0,
    seats: 1,
    extraSeats: false,
    purchasable: true,
  },
  personal: {
    planType: "personal",
    contactsLimit: 50,
    remindersLimit: 250,
    features: ["contacts", "reminders", "allChannels", "recurring"],
    monthlyPriceCents: 999,
    prices: { monthly: period(999, 999, 0, 1) },
    hasFreeTrial: true,
    recurringAllowed: true,
    mediaKinds: ["voice"],
    mediaStorageMb: 1000,
    callsPerDay: 20,
    seats: 1,
    extraSeats: false,
    purchasable: true,
  },
  starter: {
    planType: "starter",
    contactsLimit: 100,
    remindersLimit: 500,
    features: ["contacts", "reminders", "allChannels", "recurring"],
    monthlyPriceCents: 1999,
    prices: {
      monthly: period(1999, 1999, 0, 1),
      quarterly: period(5697, 1899, 5, 3),
      biannual: period(10794, 1799, 10, 6),
      annual: period(19190, 1599, 20, 12),
    },
    hasFreeTrial: true,
    recurringAllowed: true,
    mediaKinds: ["voice", "video"],
    mediaStorageMb: 2000,
    callsPerDay: 50,
    seats: 3,
    extraSeats: true,
    purchasable: true,
  },
  professional: {
    planType: "professional",
    contactsLimit: 500,
    remindersLimit: 5000,
    features: ["contacts", "reminders", "allChannels", "recurring", "prioritySupport", "advancedAnalytics"],
    monthlyPriceCents: 4999,
    prices: {
      monthly: period(4999, 4999, 0, 1),
      quarterly: period(13497, 4499, 10, 3),
      biannual: period(25495, 4249, 15, 6),
      annual: period(44991, 3749, 25, 12),
    },
    hasFreeTrial: true,
    recurringAllowed: true,
    mediaKinds: ["voice", "video"],
    mediaStorageMb: 10000,
    callsPerDay: 200,
    seats: 10,
    extraSeats: true,
    purchasable: true,
  },
  business: {
    planType: "business",
    contactsLimit: 1000,
    remindersLimit: 15000,
    features: [
      "contacts",
      "reminders",
      "allChannels",
      "recurring",
      "prioritySupport",
      "advancedAnalytics",
      "accountManager",
    ],
    monthlyPriceCents: 9999,
    prices: {
      monthly: period(9999, 9999, 0, 1),
      quarterly: period(25497, 8499, 15, 3),
      biannual: period(47995, 7999, 20, 6),
      annual: period(83992, 6999, 30, 12),
    },
    hasFreeTrial: true,
    recurringAllowed: true,
    mediaKinds: ["voice", "video"],
    mediaStorageMb: 50000,
    callsPerDay: 500,
    seats: 25,
    extraSeats: true,
    purchasable: true,
  },
  payg: {
    planType: "payg",
    // Pay-as-you-go keeps as many contacts as Business: 1,000.
    contactsLimit: 1000,
    remindersLimit: null,
    features: ["pricePerReminder", "creditsNeverExpire", "autoRecharge", "allChannels", "recurring"],
    monthlyPriceCents: 0,
    prices: {},
    hasFreeTrial: false,
    recurringAllowed: true,
    mediaKinds: ["voice", "video"],
    mediaStorageMb: 5000,
    callsPerDay: 500,
    seats: 3,
    extraSeats: false,
    purchasable: true,
  },
};

/**
 * Plans paid by a Stripe subscription. They send reminders while the subscription is in trial,
 * active, or cancelled but paid to the end of its period; past due (a renewal Stripe could not
 * charge) or expired, they send nothing until it is paid again or it ends and the user is moved
 * to Free. Free and the trial send within their quota; pay-as-you-go within its credit.
 */
export const SUBSCRIPTION_PLAN_TYPES: readonly PlanType[] = [
  "personal",
  "starter",
  "professional",
  "business",
];

/**
 * What one member beyond the plan's own costs per billing period: $5 a month, billed with the
 * plan for the same period (a Stripe subscription item of its own, `remindful_seat_<period>`).
 */
export const SEAT_PRICES: Record<PaymentFrequency, number> = {
  monthly: 500,
  quarterly: 1500,
  biannual: 3000,
  annual: 6000,
};

/** The most extra members one checkout or change adds (a typing slip is not a 10,000-seat bill). */
export const MAX_EXTRA_SEATS = 200;

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { amountCents: 2000, reminders: 2000, bonus: 0 },
  { amountCents: 5000, reminders: 5250, bonus: 250 },
  { amountCents: 10000, reminders: 11000, bonus: 1000 },
  { amountCents: 25000, reminders: 28000, bonus: 3000 },
];

/** Pricing tabs in display order; labels are message keys `plans.frequency.<key>`. */
export const PRICING_FREQUENCIES: readonly PaymentFrequency[] = [
  "monthly",
  "quarterly",
  "biannual",
  "annual",
];

/** Tab badges: MOST POPULAR on Bi-Annual, BEST VALUE on Annual (message keys `plans.badge.<key>`). */
export const FREQUENCY_BADGES: Partial<Record<PaymentFrequency, "mostPopular" | "bestValue">> = {
  biannual: "mostPopular",
  annual: "bestValue",
};

/** Cards on the pricing page and the landing comparison, in order. */
export const PRICING_PLANS: readonly PlanType[] = ["free", "personal", "starter", "professional", "business"];

/** The order in which plans are offered as upgrades. */
export const UPGRADE_ORDER: readonly PlanType[] = [
  "trial",
  "free",
  "personal",
  "starter",
  "professional",
  "business",
];
