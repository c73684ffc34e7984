import { describe, expect, it } from "vitest";
import {
  CREDIT_PACKAGES,
  FREQUENCY_BADGES,
  LOW_BALANCE_CENTS,
  PLANS,
  TRIAL_DAYS,
  UPGRADE_ORDER,
} from "@/config/plans";
import { formatMoney } from "@/lib/plans/format-money";
import { getPlan } from "@/lib/plans/get-plan";
import { maxDiscount } from "@/lib/plans/max-discount";
import { periodOffer } from "@/lib/plans/period-offer";
import { creditCheckoutHref, pricingAction } from "@/lib/plans/pricing-action";
import { upgradeRank } from "@/lib/plans/upgrade-rank";

describe("plan catalogue", () => {
  it.each([
    ["trial", 50, 50],
    ["free", 5, 10],
    ["personal", 50, 250],
    ["starter", 100, 500],
    ["professional", 500, 5000],
    ["business", 1000, 15000],
  ] as const)("%s allows %i contacts and %i reminders", (plan, contacts, reminders) => {
    expect(PLANS[plan].contactsLimit).toBe(contacts);
    expect(PLANS[plan].remindersLimit).toBe(reminders);
  });

  it("pay-as-you-go has no reminder quota", () => {
    expect(PLANS.payg.remindersLimit).toBeNull();
  });

  it.each([
    ["starter", "monthly", 1999, 1999, 0],
    ["starter", "quarterly", 5697, 1899, 5],
    ["starter", "biannual", 10794, 1799, 10],
    ["starter", "annual", 19190, 1599, 20],
    ["professional", "monthly", 4999, 4999, 0],
    ["professional", "quarterly", 13497, 4499, 10],
    ["professional", "biannual", 25495, 4249, 15],
    ["professional", "annual", 44991, 3749, 25],
    ["business", "monthly", 9999, 9999, 0],
    ["business", "quarterly", 25497, 8499, 15],
    ["business", "biannual", 47995, 7999, 20],
    ["business", "annual", 83992, 6999, 30],
  ] as const)("%s %s costs %i cents (%i a month, %i%% off)", (plan, frequency, total, monthly, discount) => {
    const offer = periodOffer(plan, frequency);
    expect(offer).toMatchObject({ priceCents: total, monthlyEquivCents: monthly, discount, offered: true });
  });

  it("monthly-only plans keep their monthly price in every tab", () => {
    expect(periodOffer("personal", "annual")).toMatchObject({
      priceCents: 999,
      frequency: "monthly",
      offered: false,
    });
    expect(periodOffer("free", "quarterly").priceCents).toBe(0);
  });

  it("landing prices and 'Save up to' figures", () => {
    expect(
      ["free", "personal", "starter", "professional", "business"].map((p) => getPlan(p).monthlyPriceCents),
    ).toEqual([0, 999, 1999, 4999, 9999]);
    expect(["starter", "professional", "business"].map(maxDiscount)).toEqual([20, 25, 30]);
    expect(maxDiscount("personal")).toBe(0);
  });

  it("credit packages, low balance, trial and badges", () => {
    expect(CREDIT_PACKAGES).toEqual([
      { amountCents: 2000, reminders: 2000, bonus: 0 },
      { amountCents: 5000, reminders: 5250, bonus: 250 },
      { amountCents: 10000, reminders: 11000, bonus: 1000 },
      { amountCents: 25000, reminders: 28000, bonus: 3000 },
    ]);
    expect(LOW_BALANCE_CENTS).toBe(500);
    expect(TRIAL_DAYS).toBe(7);
    expect(FREQUENCY_BADGES).toEqual({ biannual: "mostPopular", annual: "bestValue" });
    expect(["personal", "starter", "professional", "business"].every((p) => getPlan(p).hasFreeTrial)).toBe(
      true,
    );
  });

  it("upgrade order", () => {
    expect(UPGRADE_ORDER).toEqual(["trial", "free", "personal", "starter", "professional", "business"]);
    expect(upgradeRank("business")).toBeGreaterThan(upgradeRank("starter"));
    expect(upgradeRank("payg")).toBe(-1);
  });

  it("unknown plan types read as free", () => {
    expect(getPlan("gold").planType).toBe("free");
  });
});

describe("formatMoney", () => {
  it("writes dollars for each language", () => {
    expect(formatMoney(1999, "en")).toBe("$19.99");
    expect(formatMoney(19190, "es").replace(/\s/g, " ")).toBe("191,90 US$");
    expect(formatMoney(44991, "fr").replace(/\s/g, " ")).toBe("449,91 $US");
    expect(formatMoney(2000, "en", { whole: true })).toBe("$20");
    expect(formatMoney(2050, "en", { whole: true })).toBe("$20.50");
    expect(formatMoney(0, "en")).toBe("$0.00");
  });
});

describe("pricingAction", () => {
  const trialUser = { planType: "trial", subscriptionStatus: "trial" };
  it("sends signed-out visitors to / and free to /", () => {
    expect(pricingAction("starter", "annual", null)).toEqual({ label: "startFreeTrial", href: "/" });
    expect(pricingAction("free", "monthly", null)).toEqual({ label: "getStartedFree", href: "/" });
  });
  it("offers a trial with the chosen period to trial users", () => {
    expect(pricingAction("business", "biannual", trialUser)).toEqual({
      label: "startFreeTrial",
      href: "/checkout?plan=business&frequency=biannual",
    });
    expect(pricingAction("personal", "annual", trialUser).href).toBe(
      "/checkout?plan=personal&frequency=monthly",
    );
  });
  it("marks the current plan and ranks changes for paying users", () => {
    const starter = { planType: "starter", subscriptionStatus: "active" };
    expect(pricingAction("starter", "monthly", starter)).toEqual({ label: "currentPlan", href: null });
    expect(pricingAction("business", "monthly", starter).label).toBe("upgrade");
    expect(pricingAction("personal", "monthly", starter).label).toBe("switchPlan");
    expect(pricingAction("starter", "monthly", { ...starter, subscriptionStatus: "expired" }).label).toBe(
      "switchPlan",
    );
  });
  it("links credit packages by index", () => {
    expect(creditCheckoutHref(2)).toBe("/checkout?plan=payg&package=2");
  });
});
