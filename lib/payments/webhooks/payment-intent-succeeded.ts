import "server-only";
import type Stripe from "stripe";
import type { Transaction } from "@/lib/db";
import { fulfilCreditPurchase } from "../fulfil-credit-purchase";
import { findBillingWorkspace } from "./find-billing-workspace";

/**
 * An auto-recharge payment went through: add its package. Checkout purchases also raise this
 * event; their credits come from checkout.session.completed, so only auto-recharges count here.
 */
export async function paymentIntentSucceeded(tx: Transaction, event: Stripe.Event) {
  const intent = event.data.object as Stripe.PaymentIntent;
  if (intent.metadata.kind !== "auto_recharge") return;
  const workspace = await findBillingWorkspace(tx, { metadata: intent.metadata, customer: intent.customer });
  if (!workspace) return;
  await fulfilCreditPurchase(tx, workspace, {
    packageIndex: Number(intent.metadata.creditPackageIndex),
    idempotencyKey: `payment_intent:${intent.id}`,
    reason: "auto_recharge",
    actor: null,
  });
}
