import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { freePlanState } from "@/lib/workspaces/plan-state";
import { findBillingUser } from "./find-billing-user";
import { isStaleSubscriptionEvent, subscriptionEventAt } from "./is-stale-subscription-event";

/**
 * The subscription ended (cancelled at period end, or unpaid): back to free. Nothing is deleted;
 * contacts and reminders over the free limits stay, new ones are refused until under them.
 */
export async function customerSubscriptionDeleted(tx: Transaction, event: Stripe.Event) {
  const subscription = event.data.object as Stripe.Subscription;
  const user = await findBillingUser(tx, {
    userId: subscription.metadata.userId,
    customer: subscription.customer,
  });
  if (!user) return;
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id) return;
  if (isStaleSubscriptionEvent(user, event)) return;
  const endedAt = subscription.ended_at ?? event.created;
  await tx
    .update(users)
    // The subscription id stays: it records that this customer has had its free trial.
    .set({
      ...freePlanState(new Date(endedAt * 1000)),
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionEventAt: subscriptionEventAt(event),
    })
    .where(eq(users.id, user.id));
}
