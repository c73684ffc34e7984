import "server-only";
import { and, eq, like, or, sql } from "drizzle-orm";
import { CREDIT_PACKAGES } from "@/config/plans";
import { creditLedger, workspaces, type Workspace } from "@/db/schema";
import type { BillingFlag } from "@/db/schema/enums";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import type { Transaction } from "@/lib/db";
import { packageCreditCents } from "./catalogue";
import type { PackagePayment } from "./find-package-payment";

export interface Reversal {
  chargeId: string;
  /** Cents of the payment taken back so far by this refund or dispute (cumulative). */
  reversedAmount: number;
  flag: BillingFlag;
  /** Unique per reversal state, e.g. the charge and its refunded total, or the dispute id. */
  idempotencyKey: string;
  at: Date;
}

/**
 * Takes back the credits of a refunded or disputed package: the share of its credits matching
 * the share of the payment reversed, minus what earlier reversals of the same charge already
 * took, never more than the balance (it never goes below zero). The workspace is flagged
 * (a dispute outranks a refund) and a dispute turns auto-recharge off.
 */
export async function reverseCreditPurchase(
  tx: Transaction,
  workspace: Workspace,
  payment: PackagePayment,
  reversal: Reversal,
) {
  const pkg = CREDIT_PACKAGES[payment.packageIndex];
  if (!pkg || payment.amount <= 0) return { debitedCents: 0 };
  const share = Math.min(reversal.reversedAmount, payment.amount) / payment.amount;
  const target = Math.floor(packageCreditCents(pkg) * share);
  const [taken] = await tx
    .select({ cents: sql<number>`coalesce(-sum(${creditLedger.amountCents}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.workspaceId, workspace.id),
        or(
          like(creditLedger.idempotencyKey, `payment_refund:${reversal.chargeId}:%`),
          like(creditLedger.idempotencyKey, `dispute:${reversal.chargeId}:%`),
        ),
      ),
    );
  const debit = Math.min(target - (taken?.cents ?? 0), workspace.paygCreditBalance);
  if (debit > 0) {
    await applyCreditChange(tx, {
      workspaceId: workspace.id,
      cents: -debit,
      reason: reversal.flag === "dispute" ? "dispute" : "payment_refund",
      idempotencyKey: reversal.idempotencyKey,
    });
  }
  const flag = workspace.billingFlag === "dispute" ? "dispute" : reversal.flag;
  await tx
    .update(workspaces)
    .set({
      billingFlag: flag,
      billingFlaggedAt: workspace.billingFlaggedAt ?? reversal.at,
      ...(flag === "dispute" ? { autoRechargeEnabled: false } : {}),
    })
    .where(eq(workspaces.id, workspace.id));
  return { debitedCents: Math.max(debit, 0) };
}
