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
import { parsePlanLookupKey } from "./catalogue";

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

/** The plan and period a subscription pays for: its price's lookup key, else its metadata. */
export function subscriptionPlan(
  subscription: Stripe.Subscription,
): { planType: PlanType; frequency: PaymentFrequency } | null {
  const item = subscription.items.data[0];
  const fromKey = parsePlanLookupKey(item?.price.lookup_key);
  if (fromKey) return fromKey;
  const planType = subscription.metadata.planType as PlanType | undefined;
  const frequency = (subscription.metadata.paymentFrequency ?? "monthly") as PaymentFrequency;
  if (!planType || !PLAN_TYPES.includes(planType) || !PAYMENT_FREQUENCIES.includes(frequency)) return null;
  return { planType, frequency };
}


/** The users columns a live (trialing, active or cancelling) subscription sets. */
export function subscriptionState(subscription: Stripe.Subscription) {
  const status = toSubscriptionStatus(subscription);
  const plan = subscriptionPlan(subscription);
  if (!status || status === "expired" || !plan) return null;
  const item = subscription.items.data[0];
  const periodEnd = fromSeconds(item?.current_period_end);
  return {
    planType: plan.planType,
    paymentFrequency: plan.frequency,
    subscriptionStatus: status,
    remindersQuota: PLANS[plan.planType].remindersLimit ?? 0,
    trialEndDate: fromSeconds(subscription.trial_end),
    billingPeriodStart: fromSeconds(item?.current_period_start),
    billingPeriodEnd: periodEnd,
    nextBillingDate: status === "cancelled" ? null : periodEnd,
    stripeSubscriptionId: subscription.id,
    isActive: true,
  };
}
