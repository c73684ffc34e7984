import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingWorkspace } from "./find-billing-workspace";
import { isSettledPeriod } from "./invoice-period-start";
import { invoiceSubscription } from "./invoice-subscription";

/**
 * A renewal that failed. While Stripe still retries, nothing changes here (the subscription
 * event with status past_due stops sending); after the last attempt the subscription shows as
 * expired until Stripe ends it. A failure about a period already paid (late delivery) is old news.
 */
export async function invoicePaymentFailed(tx: Transaction, event: Stripe.Event) {
  const invoice = event.data.object as Stripe.Invoice;
  const subscription = invoiceSubscription(invoice);
  if (!subscription.id || invoice.next_payment_attempt) return;
  const workspace = await findBillingWorkspace(tx, {
    metadata: subscription.metadata,
    customer: invoice.customer,
  });
  if (!workspace || workspace.stripeSubscriptionId !== subscription.id) return;
  if (isSettledPeriod(invoice, workspace.stripeInvoicePeriodStart)) return;
  await tx
    .update(workspaces)
    .set({ subscriptionStatus: "expired", nextBillingDate: null })
    .where(eq(workspaces.id, workspace.id));
}
