import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { workspaces } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingWorkspace } from "./find-billing-workspace";
import { isSettledPeriod } from "./invoice-period-start";
import { invoiceSubscription } from "./invoice-subscription";

/**
 * The card asks for authentication (3-D Secure) before a renewal can be paid: the billing page
 * shows a notice linking to Stripe's hosted invoice page, until invoice.paid clears it. Nothing
 * else changes; an invoice for a period already paid is old news.
 */
export async function invoicePaymentActionRequired(tx: Transaction, event: Stripe.Event) {
  const invoice = event.data.object as Stripe.Invoice;
  const subscription = invoiceSubscription(invoice);
  const workspace = await findBillingWorkspace(tx, {
    metadata: subscription.metadata,
    customer: invoice.customer,
  });
  if (!workspace) return;
  if (subscription.id && workspace.stripeSubscriptionId && workspace.stripeSubscriptionId !== subscription.id)
    return;
  if (isSettledPeriod(invoice, workspace.stripeInvoicePeriodStart)) return;
  await tx
    .update(workspaces)
    .set({ paymentIssue: "action_required", paymentActionUrl: invoice.hosted_invoice_url ?? null })
    .where(eq(workspaces.id, workspace.id));
}
