import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { freePlanState } from "@/lib/workspaces/plan-state";
import { subscriptionState, toSubscriptionStatus } from "../subscription-state";
import { findBillingUser } from "./find-billing-user";
import { isStaleSubscriptionEvent, subscriptionEventAt } from "./is-stale-subscription-event";

/**
 * customer.subscription.created / updated: plan type, status, period and trial end follow
 * the subscription. A subscription Stripe has ended moves the user to free. An event older
 * than the one already applied changes nothing.
 */
export async function customerSubscriptionChanged(tx: Transaction, event: Stripe.Event) {
  const subscription = event.data.object as Stripe.Subscription;
  const user = await findBillingUser(tx, {
    userId: subscription.metadata.userId,
    customer: subscription.customer,
  });
  if (!user) return;
  // An event about an older subscription must not undo the current one.
  if (
    user.stripeSubscriptionId &&
    user.stripeSubscriptionId !== subscription.id &&
    event.type !== "customer.subscription.created"
  ) {
    return;
  }
  if (isStaleSubscriptionEvent(user, event)) return;
  const stripeSubscriptionEventAt = subscriptionEventAt(event);
  const state = subscriptionState(subscription);
  if (state) {
    await tx
      .update(users)
      .set({ ...state, stripeSubscriptionEventAt })
      .where(eq(users.id, user.id));
    return;
  }
  const status = toSubscriptionStatus(subscription);
  if (status === "expired" && subscription.status === "past_due") {
    // Unpaid renewal while Stripe retries: the plan stays, sending stops (see docs/billing.md).
    await tx
      .update(users)
      .set({ subscriptionStatus: "expired", nextBillingDate: null, stripeSubscriptionEventAt })
      .where(eq(users.id, user.id));
    return;
  }
  if (status === "expired") {
    await tx
      .update(users)
      .set({
        ...freePlanState(new Date(event.created * 1000)),
        stripeSubscriptionId: subscription.id,
        stripeSubscriptionEventAt,
      })
      .where(eq(users.id, user.id));
  }
}
