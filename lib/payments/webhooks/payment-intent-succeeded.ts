import "server-only";
import type Stripe from "stripe";
import type { Transaction } from "@/lib/db";
import { fulfilCreditPurchase } from "../fulfil-credit-purchase";
import { findBillingUser } from "./find-billing-user";

/**
 * An auto-recharge payment went through: add its package. Checkout purchases also raise this
 * event; their credits come from checkout.session.completed, so only auto-recharges count here.
 */
export async function paymentIntentSucceeded(tx: Transaction, event: Stripe.Event) {
  const intent = event.data.object as Stripe.PaymentIntent;
  if (intent.metadata.kind !== "auto_recharge") return;
  const user = await findBillingUser(tx, { userId: intent.metadata.userId, customer: intent.customer });
  if (!user) return;
  await fulfilCreditPurchase(
    tx,
    user,
    Number(intent.metadata.creditPackageIndex),
    `payment_intent:${intent.id}`,
    "auto_recharge",
  );
}
