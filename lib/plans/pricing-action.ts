import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { getPlan } from "./get-plan";
import { periodOffer } from "./period-offer";
import { upgradeRank } from "./upgrade-rank";

export interface PricingViewer {
  planType: string;
  subscriptionStatus: string;
}

export type PricingLabel = "getStartedFree" | "startFreeTrial" | "currentPlan" | "upgrade" | "switchPlan";

export interface PricingAction {
  label: PricingLabel;
  /** null: nothing to do (the viewer already has this plan). */
  href: string | null;
}

/** Checkout link for a subscription (the checkout page reads plan and frequency). */
export function checkoutHref(planType: PlanType, frequency: PaymentFrequency): string {
  return `/checkout?${new URLSearchParams({ plan: planType, frequency })}`;
}

/** Checkout link for a pay-as-you-go credit package, by its index in the catalogue. */
export function creditCheckoutHref(packageIndex: number): string {
  return `/checkout?${new URLSearchParams({ plan: "payg", package: String(packageIndex) })}`;
}

/**
 * The button of one pricing card. Signed-out visitors are sent to `/`
 * (checkout needs an account); the viewer's own active plan is shown as current.
 */
export function pricingAction(
  planType: PlanType,
  frequency: PaymentFrequency,
  viewer: PricingViewer | null,
): PricingAction {
  const plan = getPlan(planType);
  const isCurrent =
    viewer !== null &&
    viewer.planType === planType &&
    viewer.subscriptionStatus !== "cancelled" &&
    viewer.subscriptionStatus !== "expired";
  if (isCurrent) return { label: "currentPlan", href: null };
  if (planType === "free") return { label: "getStartedFree", href: "/" };
  if (!viewer) return { label: plan.hasFreeTrial ? "startFreeTrial" : "upgrade", href: "/" };
  const href = checkoutHref(planType, periodOffer(planType, frequency).frequency);
  // Only someone who has not paid yet (trial, free) gets the trial offer.
  if (plan.hasFreeTrial && (viewer.planType === "trial" || viewer.planType === "free")) {
    return { label: "startFreeTrial", href };
  }
  return { label: upgradeRank(planType) > upgradeRank(viewer.planType) ? "upgrade" : "switchPlan", href };
}
