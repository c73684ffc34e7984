import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/plans/format-money";
import { statusBadgeColour } from "@/lib/billing/status-badge-colour";
import { trialDaysLeft } from "@/lib/billing/trial-days-left";
import { isLowBalance, usageLevel, usagePercent } from "@/lib/billing/usage-level";
import {
  packageCreditCents,
  parsePlanLookupKey,
  planHasTrial,
  planLookupKey,
} from "@/lib/payments/catalogue";
import { CREDIT_PACKAGES } from "@/config/plans";

const now = new Date("2026-03-10T12:00:00Z");

describe("trialDaysLeft", () => {
  it.each([
    ["2026-03-17T12:00:00Z", 7],
    ["2026-03-10T12:00:01Z", 1],
    ["2026-03-11T11:00:00Z", 1],
    ["2026-03-11T13:00:00Z", 2],
    ["2026-03-10T12:00:00Z", 0],
    ["2026-03-01T00:00:00Z", 0],
  ])("until %s: %i", (end, days) => {
    expect(trialDaysLeft(new Date(end), now)).toBe(days);
  });
  it("is 0 without a trial end", () => expect(trialDaysLeft(null, now)).toBe(0));
});

describe("usage levels", () => {
  it.each([
    [0, 10, "ok"],
    [7, 10, "ok"],
    [8, 10, "warning"],
    [399, 500, "ok"],
    [400, 500, "warning"],
    [499, 500, "warning"],
    [500, 500, "reached"],
    [12, 10, "reached"],
  ] as const)("%i of %i is %s", (used, limit, level) => {
    expect(usageLevel(used, limit)).toBe(level);
  });
  it("rounds the percent down", () => expect(usagePercent(499, 500)).toBe(99));
  it("flags a balance under 500 cents only", () => {
    expect(isLowBalance(499)).toBe(true);
    expect(isLowBalance(500)).toBe(false);
  });
});

describe("status badge colours", () => {
  it.each([
    ["trial", "blue"],
    ["active", "green"],
    ["cancelled", "orange"],
    ["expired", "red"],
    ["paused", "gray"],
  ])("%s is %s", (status, colour) => expect(statusBadgeColour(status)).toContain(`bg-${colour}-100`));
});

describe("catalogue for Stripe", () => {
  it("round-trips lookup keys", () => {
    expect(parsePlanLookupKey(planLookupKey("starter", "quarterly"))).toEqual({
      planType: "starter",
      frequency: "quarterly",
    });
    expect(parsePlanLookupKey("remindful_personal_annual")).toBeNull();
    expect(parsePlanLookupKey(null)).toBeNull();
  });
  it("gives trials where the catalogue says, Personal monthly only", () => {
    expect(planHasTrial("business", "annual")).toBe(true);
    expect(planHasTrial("personal", "monthly")).toBe(true);
    expect(planHasTrial("personal", "annual")).toBe(false);
  });
  it("credits a package one cent per reminder, bonus included", () => {
    expect(CREDIT_PACKAGES.map(packageCreditCents)).toEqual([2000, 5250, 11000, 28000]);
  });
  it("formats cents as dollars", () => expect(formatMoney(2000, "en")).toBe("$20.00"));
});
