import "server-only";
import type Stripe from "stripe";
import { PLANS } from "@/config/plans";
import {
  PAYMENT_FREQUENCIES,
  PLAN_TYPES,
  type PaymentFrequency,
  type PlanType,
  type SubscriptionStatus,
} from "@/db/schema/enums";
import { isSeatLookupKey, parsePlanLookupKey } from "./catalogue";

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Our status for a Stripe subscription; null when it is not yet (or no longer) ours to show. */
export function toSubscriptionStatus(subscription: Stripe.Subscription): SubscriptionStatus | null {
  switch (subscription.status) {
    case "trialing":
      return "trial";
    case "active":
      // Cancelled by the user but paid until the period ends: still usable, shown orange.
      return subscription.cancel_at_period_end || subscription.cancel_at ? "cancelled" : "active";
    // A renewal Stripe could not charge: not paid for, so it does not send (docs/billing.md).
    case "past_due":
    case "canceled":
    case "unpaid":
    case "incomplete_expired":
      return "expired";
    default:
      return null;
  }
}

/**
 * The item that pays for the plan: the one whose price is a plan's lookup key, else the first
 * that is not the seat add-on (Stripe does not promise the items' order).
 */
export function planItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  const items = subscription.items?.data ?? [];
  return (
    items.find((item) => parsePlanLookupKey(item.price.lookup_key)) ??
    items.find((item) => !isSeatLookupKey(item.price.lookup_key))
  );
}

/** Members bought beyond the plan's own: the seat item's quantity, 0 without one. */
export function subscriptionExtraSeats(subscription: Stripe.Subscription): number {
  const seat = subscription.items?.data.find((item) => isSeatLookupKey(item.price.lookup_key));
  return Math.max(0, seat?.quantity ?? 0);
}

/** The plan and period a subscription pays for: its price's lookup key, else its metadata. */
export function subscriptionPlan(
  subscription: Stripe.Subscription,
): { planType: PlanType; frequency: PaymentFrequency } | null {
  const fromKey = parsePlanLookupKey(planItem(subscription)?.price.lookup_key);
  if (fromKey) return fromKey;
  const planType = subscription.metadata.planType as PlanType | undefined;
  const frequency = (subscription.metadata.paymentFrequency ?? "monthly") as PaymentFrequency;
  if (!planType || !PLAN_TYPES.includes(planType) || !PAYMENT_FREQUENCIES.includes(frequency)) return null;
  return { planType, frequency };
}

/** The workspace columns a live (trialing, active or cancelling) subscription sets. */
export function subscriptionState(subscription: Stripe.Subscription) {
  const status = toSubscriptionStatus(subscription);
  const plan = subscriptionPlan(subscription);
  if (!status || status === "expired" || !plan) return null;
  const item = planItem(subscription);
  const periodEnd = fromSeconds(item?.current_period_end);
  return {
    planType: plan.planType,
    paymentFrequency: plan.frequency,
    subscriptionStatus: status,
    remindersQuota: PLANS[plan.planType].remindersLimit ?? 0,
    // A plan change without a seat item (a switch in the portal) leaves no extra members.
    extraSeats: subscriptionExtraSeats(subscription),
    trialEndDate: fromSeconds(subscription.trial_end),
    billingPeriodStart: fromSeconds(item?.current_period_start),
    billingPeriodEnd: periodEnd,
    nextBillingDate: status === "cancelled" ? null : periodEnd,
    stripeSubscriptionId: subscription.id,
    isActive: true,
  };
}
