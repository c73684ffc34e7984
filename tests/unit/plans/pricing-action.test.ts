import { describe, expect, it } from "vitest";
import { pricingAction } from "@/lib/plans/pricing-action";

const trial = { planType: "trial", subscriptionStatus: "trialing" };
const starter = { planType: "starter", subscriptionStatus: "active" };

describe("pricingAction", () => {
  it("leads a signed-in viewer to checkout when the deployment takes payments", () => {
    expect(pricingAction("starter", "monthly", trial)).toEqual({
      label: "startFreeTrial",
      href: "/checkout?plan=starter&frequency=monthly",
    });
    expect(pricingAction("professional", "monthly", starter).href).toBe(
      "/checkout?plan=professional&frequency=monthly",
    );
  });

  it("without a way to pay, a purchase keeps its label, has no link and is marked unavailable", () => {
    expect(pricingAction("starter", "monthly", trial, false)).toEqual({
      label: "startFreeTrial",
      href: null,
      unavailable: true,
    });
    expect(pricingAction("professional", "monthly", starter, false)).toEqual({
      label: "upgrade",
      href: null,
      unavailable: true,
    });
  });

  it("what needs no payment stays as it is: the current plan, the free plan, signing up", () => {
    expect(pricingAction("starter", "monthly", starter, false)).toEqual({ label: "currentPlan", href: null });
    expect(pricingAction("free", "monthly", trial, false)).toEqual({ label: "getStartedFree", href: "/" });
    expect(pricingAction("starter", "monthly", null, false)).toEqual({ label: "startFreeTrial", href: "/" });
  });

  it("a member who is not the workspace's owner sees the plans but no purchase link", () => {
    const member = { ...starter, canBuy: false };
    expect(pricingAction("business", "monthly", member)).toEqual({
      label: "upgrade",
      href: null,
      ownerOnly: true,
    });
    // The workspace's plan still reads as current.
    expect(pricingAction("starter", "monthly", member)).toEqual({ label: "currentPlan", href: null });
  });
});
