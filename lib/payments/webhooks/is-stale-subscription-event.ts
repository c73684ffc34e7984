import "server-only";
import type Stripe from "stripe";
import type { User } from "@/db/schema";

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * True when a subscription event is older than the state already applied, so applying it would
 * move the user backwards: its `created` is before the newest one applied, or (same second) its
 * period starts before the stored one, or it would revive a subscription already ended.
 */
export function isStaleSubscriptionEvent(user: User, event: Stripe.Event): boolean {
  const seen = user.stripeSubscriptionEventAt;
  if (!seen) return false;
  const created = new Date(event.created * 1000);
  if (created < seen) return true;
  if (created > seen) return false;
  const subscription = event.data.object as Stripe.Subscription;
  if (user.stripeSubscriptionId !== subscription.id) return false;
  const ended = user.planType === "free" && user.subscriptionStatus === "expired";
  if (ended && event.type !== "customer.subscription.deleted" && subscription.status !== "canceled") {
    return true;
  }
  const periodStart = fromSeconds(subscription.items?.data[0]?.current_period_start);
  return Boolean(periodStart && user.billingPeriodStart && periodStart < user.billingPeriodStart);
}

/** The watermark to store after applying a subscription event. */
export const subscriptionEventAt = (event: Stripe.Event) => new Date(event.created * 1000);
