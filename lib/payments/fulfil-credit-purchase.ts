import "server-only";
import { eq } from "drizzle-orm";
import { CREDIT_PACKAGES } from "@/config/plans";
import { workspaces, type Workspace } from "@/db/schema";
import type { LedgerReason } from "@/db/schema/enums";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import type { Transaction } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { packageCreditCents } from "./catalogue";

const SUBSCRIBED = new Set(["trial", "active", "cancelled"]);

export interface CreditPurchase {
  packageIndex: number;
  /** One per payment (the checkout session, the PaymentIntent): a repeat credits nothing. */
  idempotencyKey: string;
  reason?: LedgerReason;
  /** The member who bought it, for the activity trail; null for an auto-recharge. */
  actor: Actor | null;
}

/**
 * Adds a paid credit package to the workspace's balance (one cent per reminder) once per key,
 * and moves a workspace without a paid subscription onto pay-as-you-go, with the trail's lines
 * in the same transaction. Shared by the webhook and the demo checkout.
 */
export async function fulfilCreditPurchase(tx: Transaction, workspace: Workspace, purchase: CreditPurchase) {
  const pkg = CREDIT_PACKAGES[purchase.packageIndex];
  if (!pkg) throw new Error(`Unknown credit package ${purchase.packageIndex}`);
  const reason = purchase.reason ?? "purchase";
  const cents = packageCreditCents(pkg);
  const result = await applyCreditChange(tx, {
    workspaceId: workspace.id,
    cents,
    reason,
    idempotencyKey: purchase.idempotencyKey,
  });
  if (!result.applied) return result;
  await recordWorkspaceEvent(tx, workspace.id, purchase.actor, {
    kind: "billing.credits_added",
    subjectId: purchase.idempotencyKey,
    details: { cents, amountCents: pkg.amountCents, reason },
  });
  const hasPaidSubscription =
    workspace.planType !== "payg" &&
    workspace.stripeSubscriptionId !== null &&
    SUBSCRIBED.has(workspace.subscriptionStatus);
  if (!hasPaidSubscription && workspace.planType !== "payg") {
    await tx
      .update(workspaces)
      .set({
        planType: "payg",
        subscriptionStatus: "active",
        paymentFrequency: null,
        remindersQuota: 0,
        extraSeats: 0,
        trialEndDate: null,
        nextBillingDate: null,
      })
      .where(eq(workspaces.id, workspace.id));
    await recordWorkspaceEvent(tx, workspace.id, purchase.actor, {
      kind: "billing.plan_changed",
      subjectId: purchase.idempotencyKey,
      details: { from: workspace.planType, to: "payg", frequency: null },
    });
  }
  return result;
}
