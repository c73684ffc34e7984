import "server-only";
import type Stripe from "stripe";
import type { Transaction } from "@/lib/db";
import { logger } from "@/lib/logger";
import { findPackagePayment } from "../find-package-payment";
import { reverseCreditPurchase } from "../reverse-credit-purchase";
import { findBillingWorkspace, refId } from "./find-billing-workspace";

/**
 * A credit package's payment is disputed: Stripe has already withdrawn the disputed amount, so
 * its credits go back (never below zero), the account is flagged and auto-recharge is turned
 * off so the disputed card is not charged again.
 */
export async function chargeDisputeCreated(tx: Transaction, event: Stripe.Event) {
  const dispute = event.data.object as Stripe.Dispute;
  const chargeId = refId(dispute.charge);
  if (!chargeId) return;
  const payment = await findPackagePayment({ paymentIntent: dispute.payment_intent });
  if (!payment) return;
  const workspace = await findBillingWorkspace(tx, { metadata: payment.metadata });
  if (!workspace) {
    logger.warn("stripe.dispute_unknown_workspace", { disputeId: dispute.id });
    return;
  }
  await reverseCreditPurchase(tx, workspace, payment, {
    chargeId,
    reversedAmount: dispute.amount,
    flag: "dispute",
    idempotencyKey: `dispute:${chargeId}:${dispute.id}`,
    at: new Date(event.created * 1000),
  });
}
