import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingUser } from "./find-billing-user";
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
  const user = await findBillingUser(tx, {
    userId: subscription.metadata.userId,
    customer: invoice.customer,
  });
  if (!user || user.stripeSubscriptionId !== subscription.id) return;
  if (isSettledPeriod(invoice, user.stripeInvoicePeriodStart)) return;
  await tx
    .update(users)
    .set({ subscriptionStatus: "expired", nextBillingDate: null })
    .where(eq(users.id, user.id));
}
