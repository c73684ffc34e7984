import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { creditLedger } from "@/db/schema";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import type { Transaction } from "@/lib/db";
import { logger } from "@/lib/logger";
import { findBillingWorkspace, refId } from "./find-billing-workspace";

/**
 * A dispute is closed. Won: Stripe reinstates the disputed funds, so the credits this dispute
 * took back (its `dispute:<charge>:<dispute>` ledger row, which may be less than the package when
 * some were already spent) are given back, once (the key below). Lost or `warning_closed`
 * (an inquiry that never became a chargeback): nothing changes. The account's `dispute` flag
 * stays for review.
 */
export async function chargeDisputeClosed(tx: Transaction, event: Stripe.Event) {
  const dispute = event.data.object as Stripe.Dispute;
  if (dispute.status !== "won") return;
  const chargeId = refId(dispute.charge);
  if (!chargeId) return;
  const takenKey = `dispute:${chargeId}:${dispute.id}`;
  const [taken] = await tx
    .select({ workspaceId: creditLedger.workspaceId, cents: creditLedger.amountCents })
    .from(creditLedger)
    .where(and(eq(creditLedger.idempotencyKey, takenKey), eq(creditLedger.reason, "dispute")));
  if (!taken || taken.cents >= 0) return;
  // Locks the workspace's row, as every other balance change does.
  const workspace = await findBillingWorkspace(tx, { metadata: { workspaceId: taken.workspaceId } });
  if (!workspace) {
    logger.warn("stripe.dispute_unknown_workspace", { disputeId: dispute.id });
    return;
  }
  await applyCreditChange(tx, {
    workspaceId: workspace.id,
    cents: -taken.cents,
    reason: "dispute",
    // Under the charge's `dispute:` prefix, so a later refund of the charge sees the credits back.
    idempotencyKey: `${takenKey}:won`,
  });
}
