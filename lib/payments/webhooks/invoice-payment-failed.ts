import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingUser } from "./find-billing-user";
import { invoiceSubscription } from "./invoice-subscription";

/**
 * A renewal that failed. While Stripe still retries, nothing changes (the period already paid
 * stays usable); after the last attempt the subscription shows as expired until Stripe ends it.
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
  await tx
    .update(users)
    .set({ subscriptionStatus: "expired", nextBillingDate: null })
    .where(eq(users.id, user.id));
}
