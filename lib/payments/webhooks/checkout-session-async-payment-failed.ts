import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { creditLedger, workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingWorkspace } from "./find-billing-workspace";

/**
 * A delayed payment (a bank debit) for a package failed: nothing is credited and the billing
 * page says so. A session already credited (events out of order) keeps its credits.
 */
export async function checkoutSessionAsyncPaymentFailed(tx: Transaction, event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const workspace = await findBillingWorkspace(tx, {
    metadata: session.metadata,
    clientReferenceId: session.client_reference_id,
    customer: session.customer,
  });
  if (!workspace) return;
  const [credited] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.workspaceId, workspace.id),
        eq(creditLedger.idempotencyKey, `checkout_session:${session.id}`),
      ),
    )
    .limit(1);
  if (credited) return;
  await tx.update(workspaces).set({ paymentIssue: "payment_failed" }).where(eq(workspaces.id, workspace.id));
}
