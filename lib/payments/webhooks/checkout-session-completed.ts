import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { users } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { logger } from "@/lib/logger";
import { fulfilCreditPurchase } from "../fulfil-credit-purchase";
import { findBillingUser, refId } from "./find-billing-user";

/** Credits for a paid package; for a plan, links the subscription (its events set the plan). */
export async function checkoutSessionCompleted(tx: Transaction, event: Stripe.Event) {
  const session = event.data.object as Stripe.Checkout.Session;
  const user = await findBillingUser(tx, {
    userId: session.client_reference_id ?? session.metadata?.userId,
    customer: session.customer,
  });
  if (!user) {
    logger.warn("stripe.checkout_unknown_user", { sessionId: session.id });
    return;
  }
  const customerId = refId(session.customer);
  if (customerId && !user.stripeCustomerId) {
    await tx.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, user.id));
  }
  if (session.mode === "subscription") {
    const subscriptionId = refId(session.subscription);
    if (subscriptionId) {
      await tx.update(users).set({ stripeSubscriptionId: subscriptionId }).where(eq(users.id, user.id));
    }
    return;
  }
  if (
    session.mode === "payment" &&
    session.metadata?.kind === "credits" &&
    session.payment_status === "paid"
  ) {
    // Keyed by the session: a replay, or another event about the same payment, adds nothing.
    await fulfilCreditPurchase(
      tx,
      user,
      Number(session.metadata.creditPackageIndex),
      `checkout_session:${session.id}`,
    );
  }
}
