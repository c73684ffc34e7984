import type { PaymentFrequency, PlanType } from "@/db/schema/enums";
import { getPlan } from "./get-plan";
import { periodOffer } from "./period-offer";
import { upgradeRank } from "./upgrade-rank";

/** Who looks at the pricing page: the plan of the workspace they act in, and whether they may buy. */
export interface PricingViewer {
  planType: string;
  subscriptionStatus: string;
  /** Only the workspace's owner buys plans and credits (`manage_billing`); unset counts as yes. */
  canBuy?: boolean;
}

export type PricingLabel = "getStartedFree" | "startFreeTrial" | "currentPlan" | "upgrade" | "switchPlan";

export interface PricingAction {
  label: PricingLabel;
  /** null: nothing to do (the viewer already has this plan, or cannot pay here). */
  href: string | null;
  /** A purchase this deployment cannot take (no payment provider): the card says so. */
  unavailable?: true;
  /** A purchase only the workspace's owner may make: the card says so. */
  ownerOnly?: true;
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
 * (checkout needs an account); the viewer's workspace's active plan is shown as current; a
 * member who is not its owner gets no link (marked owner-only); without a way to pay
 * (`paymentsAvailable` false) a purchase has no link and is marked unavailable.
 */
export function pricingAction(
  planType: PlanType,
  frequency: PaymentFrequency,
  viewer: PricingViewer | null,
  paymentsAvailable = true,
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
  // Only someone who has not paid yet (trial, free) gets the trial offer.
  const label: PricingLabel =
    plan.hasFreeTrial && (viewer.planType === "trial" || viewer.planType === "free")
      ? "startFreeTrial"
      : upgradeRank(planType) > upgradeRank(viewer.planType)
        ? "upgrade"
        : "switchPlan";
  if (viewer.canBuy === false) return { label, href: null, ownerOnly: true };
  if (!paymentsAvailable) return { label, href: null, unavailable: true };
  return { label, href: checkoutHref(planType, periodOffer(planType, frequency).frequency) };
}
