import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { logger } from "@/lib/logger";
import { fulfilCreditPurchase } from "../fulfil-credit-purchase";
import { findBillingWorkspace, refId } from "./find-billing-workspace";
import { metadataActor } from "./metadata-actor";

/** Credits for a paid package; for a plan, links the subscription (its events set the plan). */
export async function checkoutSessionCompleted(tx: Transaction, event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const workspace = await findBillingWorkspace(tx, {
    metadata: session.metadata,
    clientReferenceId: session.client_reference_id,
    customer: session.customer,
  });
  if (!workspace) {
    logger.warn("stripe.checkout_unknown_workspace", { sessionId: session.id });
    return;
  }
  const customerId = refId(session.customer);
  if (customerId && !workspace.stripeCustomerId) {
    await tx.update(workspaces).set({ stripeCustomerId: customerId }).where(eq(workspaces.id, workspace.id));
  }
  if (session.mode === "subscription") {
    const subscriptionId = refId(session.subscription);
    if (subscriptionId) {
      await tx
        .update(workspaces)
        .set({ stripeSubscriptionId: subscriptionId })
        .where(eq(workspaces.id, workspace.id));
    }
    return;
  }
  if (
    session.mode === "payment" &&
    session.metadata?.kind === "credits" &&
    session.payment_status === "paid"
  ) {
    // Keyed by the session: a replay, or another event about the same payment, adds nothing.
    await fulfilCreditPurchase(tx, workspace, {
      packageIndex: Number(session.metadata.creditPackageIndex),
      idempotencyKey: `checkout_session:${session.id}`,
      actor: await metadataActor(tx, workspace, session.metadata),
    });
  }
}
