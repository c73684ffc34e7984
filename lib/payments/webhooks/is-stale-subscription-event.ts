import "server-only";
import type Stripe from "stripe";
import type { Workspace } from "@/db/schema";
import { planItem } from "../subscription-state";

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * True when a subscription event is older than the state already applied, so applying it would
 * move the workspace backwards: its `created` is before the newest one applied, or (same second)
 * its period starts before the stored one, or it would revive a subscription already ended.
 */
export function isStaleSubscriptionEvent(workspace: Workspace, event: Stripe.Event): boolean {
  const seen = workspace.stripeSubscriptionEventAt;
  if (!seen) return false;
  const created = new Date(event.created * 1000);
  if (created < seen) return true;
  if (created > seen) return false;
  const subscription = event.data.object as Stripe.Subscription;
  if (workspace.stripeSubscriptionId !== subscription.id) return false;
  const ended = workspace.planType === "free" && workspace.subscriptionStatus === "expired";
  if (ended && event.type !== "customer.subscription.deleted" && subscription.status !== "canceled") {
    return true;
  }
  const periodStart = fromSeconds(planItem(subscription)?.current_period_start);
  return Boolean(periodStart && workspace.billingPeriodStart && periodStart < workspace.billingPeriodStart);
}

/** The watermark to store after applying a subscription event. */
export const subscriptionEventAt = (event: Stripe.Event) => new Date(event.created * 1000);
