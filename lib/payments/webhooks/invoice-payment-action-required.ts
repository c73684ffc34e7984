import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingUser } from "./find-billing-user";
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
  const user = await findBillingUser(tx, {
    userId: subscription.metadata.userId,
    customer: invoice.customer,
  });
  if (!user) return;
  if (subscription.id && user.stripeSubscriptionId && user.stripeSubscriptionId !== subscription.id) return;
  if (isSettledPeriod(invoice, user.stripeInvoicePeriodStart)) return;
  await tx
    .update(users)
    .set({ paymentIssue: "action_required", paymentActionUrl: invoice.hosted_invoice_url ?? null })
    .where(eq(users.id, user.id));
}
