import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { freePlanState, subscriptionState, toSubscriptionStatus } from "../subscription-state";
import { findBillingUser } from "./find-billing-user";

/**
 * customer.subscription.created / updated: plan type, status, period and trial end follow
 * the subscription. A subscription Stripe has ended moves the user to free.
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
  const state = subscriptionState(subscription);
  if (state) {
    await tx.update(users).set(state).where(eq(users.id, user.id));
    return;
  }
  if (toSubscriptionStatus(subscription) === "expired") {
    await tx
      .update(users)
      .set({ ...freePlanState(new Date(event.created * 1000)), stripeSubscriptionId: subscription.id })
      .where(eq(users.id, user.id));
  }
}
