import "server-only";
import type Stripe from "stripe";
import type { Transaction } from "@/lib/db";
import { logger } from "@/lib/logger";
import { findPackagePayment } from "../find-package-payment";
import { reverseCreditPurchase } from "../reverse-credit-purchase";
import { findBillingWorkspace } from "./find-billing-workspace";

/**
 * A credit package's payment was refunded (in full or in part): its credits go back in the same
 * share. `amount_refunded` is cumulative, so a replayed or late event about a smaller refund
 * takes nothing more. Subscription payments are left to the subscription's own events.
 */
export async function chargeRefunded(tx: Transaction, event: Stripe.Event) {
  const charge = event.data.object as Stripe.Charge;
  if (charge.amount_refunded <= 0) return;
  const payment = await findPackagePayment({
    metadata: charge.metadata,
    amount: charge.amount,
    paymentIntent: charge.payment_intent,
  });
  if (!payment) return;
  const workspace = await findBillingWorkspace(tx, { metadata: payment.metadata, customer: charge.customer });
  if (!workspace) {
    logger.warn("stripe.refund_unknown_workspace", { chargeId: charge.id });
    return;
  }
  await reverseCreditPurchase(tx, workspace, payment, {
    chargeId: charge.id,
    reversedAmount: charge.amount_refunded,
    flag: "refund",
    idempotencyKey: `payment_refund:${charge.id}:${charge.amount_refunded}`,
    at: new Date(event.created * 1000),
  });
}
