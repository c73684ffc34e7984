import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { freePlanState } from "@/lib/workspaces/plan-state";
import { subscriptionState, toSubscriptionStatus } from "../subscription-state";
import { findBillingWorkspace } from "./find-billing-workspace";
import { isStaleSubscriptionEvent, subscriptionEventAt } from "./is-stale-subscription-event";
import { metadataActor } from "./metadata-actor";
import { recordBillingChanges } from "./record-billing-changes";

/**
 * customer.subscription.created / updated: plan type, status, period, trial end and the members
 * bought (the seat item's quantity) follow the subscription. A subscription Stripe has ended
 * moves the workspace to free. An event older than the one already applied changes nothing.
 */
export async function customerSubscriptionChanged(tx: Transaction, event: Stripe.Event) {
  const subscription = event.data.object as Stripe.Subscription;
  const workspace = await findBillingWorkspace(tx, {
    metadata: subscription.metadata,
    customer: subscription.customer,
  });
  if (!workspace) return;
  // An event about an older subscription must not undo the current one.
  if (
    workspace.stripeSubscriptionId &&
    workspace.stripeSubscriptionId !== subscription.id &&
    event.type !== "customer.subscription.created"
  ) {
    return;
  }
  if (isStaleSubscriptionEvent(workspace, event)) return;
  const stripeSubscriptionEventAt = subscriptionEventAt(event);
  const state = subscriptionState(subscription);
  const status = toSubscriptionStatus(subscription);
  let change: Partial<typeof workspaces.$inferInsert> | null = null;
  if (state) change = state;
  // Unpaid renewal while Stripe retries: the plan stays, sending stops (see docs/billing.md).
  else if (status === "expired" && subscription.status === "past_due")
    change = { subscriptionStatus: "expired", nextBillingDate: null };
  else if (status === "expired")
    change = {
      ...freePlanState(new Date(event.created * 1000)),
      extraSeats: 0,
      stripeSubscriptionId: subscription.id,
    };
  if (!change) return;
  const [after] = await tx
    .update(workspaces)
    .set({ ...change, stripeSubscriptionEventAt })
    .where(eq(workspaces.id, workspace.id))
    .returning();
  // Named in the trail only for the subscription a member's checkout created.
  const actor =
    event.type === "customer.subscription.created"
      ? await metadataActor(tx, workspace, subscription.metadata)
      : null;
  await recordBillingChanges(tx, workspace.id, actor, workspace, after, subscription.id);
}
