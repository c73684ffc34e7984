import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { checkoutSessionCompleted } from "./checkout-session-completed";
import { findBillingUser } from "./find-billing-user";

/**
 * A delayed payment method (a bank debit) settled after checkout.session.completed arrived
 * unpaid: the package is credited now, under the same key as a completed paid session, so
 * whichever of the two events comes first credits it and the other adds nothing.
 */
export async function checkoutSessionAsyncPaymentSucceeded(tx: Transaction, event: Stripe.Event) {
  await checkoutSessionCompleted(tx, event);
  const session = event.data.object as Stripe.Checkout.Session;
  const user = await findBillingUser(tx, {
    userId: session.client_reference_id ?? session.metadata?.userId,
    customer: session.customer,
  });
  if (user?.paymentIssue === "payment_failed") {
    await tx.update(users).set({ paymentIssue: null }).where(eq(users.id, user.id));
  }
}
