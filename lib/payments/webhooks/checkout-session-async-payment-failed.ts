import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { creditLedger, users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { findBillingUser } from "./find-billing-user";

/**
 * A delayed payment (a bank debit) for a package failed: nothing is credited and the billing
 * page says so. A session already credited (events out of order) keeps its credits.
 */
export async function checkoutSessionAsyncPaymentFailed(tx: Transaction, event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const user = await findBillingUser(tx, {
    userId: session.client_reference_id ?? session.metadata?.userId,
    customer: session.customer,
  });
  if (!user) return;
  const [credited] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, user.id),
        eq(creditLedger.idempotencyKey, `checkout_session:${session.id}`),
      ),
    )
    .limit(1);
  if (credited) return;
  await tx.update(users).set({ paymentIssue: "payment_failed" }).where(eq(users.id, user.id));
}
