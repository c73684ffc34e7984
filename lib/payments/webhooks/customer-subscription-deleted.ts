import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { freePlanState } from "@/lib/workspaces/plan-state";
import { findBillingWorkspace } from "./find-billing-workspace";
import { isStaleSubscriptionEvent, subscriptionEventAt } from "./is-stale-subscription-event";
import { recordBillingChanges } from "./record-billing-changes";

/**
 * The subscription ended (cancelled at period end, or unpaid): back to free, one member's seat,
 * no members bought. Nothing is deleted; contacts, reminders and members over the free limits
 * stay, new ones are refused until under them.
 */
export async function customerSubscriptionDeleted(tx: Transaction, event: Stripe.Event) {
  const subscription = event.data.object as Stripe.Subscription;
  const workspace = await findBillingWorkspace(tx, {
    metadata: subscription.metadata,
    customer: subscription.customer,
  });
  if (!workspace) return;
  if (workspace.stripeSubscriptionId && workspace.stripeSubscriptionId !== subscription.id) return;
  if (isStaleSubscriptionEvent(workspace, event)) return;
  const endedAt = subscription.ended_at ?? event.created;
  const [after] = await tx
    .update(workspaces)
    // The subscription id stays: it records that this customer has had its free trial.
    .set({
      ...freePlanState(new Date(endedAt * 1000)),
      extraSeats: 0,
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionEventAt: subscriptionEventAt(event),
    })
    .where(eq(workspaces.id, workspace.id))
    .returning();
  await recordBillingChanges(tx, workspace.id, null, workspace, after, subscription.id);
}
