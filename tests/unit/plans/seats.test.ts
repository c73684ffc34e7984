import { describe, expect, it } from "vitest";
import { MAX_EXTRA_SEATS, PLANS, SEAT_PRICES } from "@/config/plans";
import { PLAN_TYPES } from "@/db/schema/enums";
import { isSeatLookupKey, seatLookupKey } from "@/lib/payments/catalogue";
import { seatLimit } from "@/lib/plans/seat-limit";
import { checkoutSchema } from "@/lib/validations/checkout";

describe("seats", () => {
  it.each([
    ["free", 1, false],
    ["trial", 3, false],
    ["personal", 1, false],
    ["starter", 3, true],
    ["professional", 10, true],
    ["business", 25, true],
    ["payg", 3, false],
  ] as const)("%s includes %i members; more can be bought: %s", (plan, seats, extra) => {
    expect(PLANS[plan].seats).toBe(seats);
    expect(PLANS[plan].extraSeats).toBe(extra);
    expect(seatLimit({ planType: plan, extraSeats: 0 })).toBe(seats);
  });

  it("adds the members bought to the plan's own", () => {
    expect(seatLimit({ planType: "starter", extraSeats: 2 })).toBe(5);
    expect(seatLimit({ planType: "business", extraSeats: 75 })).toBe(100);
  });

  it("an unknown stored plan counts as free, and a negative count as none", () => {
    expect(seatLimit({ planType: "gold", extraSeats: 0 })).toBe(1);
    expect(seatLimit({ planType: "starter", extraSeats: -4 })).toBe(3);
  });

  it("every plan has at least its owner's seat", () => {
    for (const plan of PLAN_TYPES) expect(PLANS[plan].seats).toBeGreaterThanOrEqual(1);
  });

  it("an extra member costs $5 a month in every billing period", () => {
    expect(SEAT_PRICES).toEqual({ monthly: 500, quarterly: 1500, biannual: 3000, annual: 6000 });
    expect(seatLookupKey("annual")).toBe("remindful_seat_annual");
    expect(isSeatLookupKey("remindful_seat_quarterly")).toBe(true);
    expect(isSeatLookupKey("remindful_starter_quarterly")).toBe(false);
    expect(isSeatLookupKey(null)).toBe(false);
  });

  it("checkout takes extra members only on the plans that sell them, 0 by default", () => {
    expect(checkoutSchema.parse({ planType: "starter" }).extraSeats).toBe(0);
    expect(checkoutSchema.parse({ planType: "business", extraSeats: "7" }).extraSeats).toBe(7);
    expect(checkoutSchema.safeParse({ planType: "personal", extraSeats: 1 }).success).toBe(false);
    expect(checkoutSchema.safeParse({ planType: "starter", extraSeats: MAX_EXTRA_SEATS + 1 }).success).toBe(
      false,
    );
    expect(checkoutSchema.safeParse({ planType: "payg", creditPackageIndex: 0, extraSeats: 1 }).success).toBe(
      false,
    );
  });
});
