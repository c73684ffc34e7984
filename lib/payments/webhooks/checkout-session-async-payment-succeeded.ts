import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { findBillingWorkspace } from "./find-billing-workspace";

/**
 * A delayed payment method (a bank debit) settled after checkout.session.completed arrived
 * unpaid: the package is credited now, under the same key as a completed paid session, so
 * whichever of the two events comes first credits it and the other adds nothing.
 */
export async function checkoutSessionAsyncPaymentSucceeded(tx: Transaction, event: Stripe.Event) {
  await checkoutSessionCompleted(tx, event);
  const session = event.data.object as Stripe.Checkout.Session;
  const workspace = await findBillingWorkspace(tx, {
    metadata: session.metadata,
    clientReferenceId: session.client_reference_id,
    customer: session.customer,
  });
  if (workspace?.paymentIssue === "payment_failed") {
    await tx.update(workspaces).set({ paymentIssue: null }).where(eq(workspaces.id, workspace.id));
  }
}
