import "server-only";
import { eq } from "drizzle-orm";
import { CREDIT_PACKAGES } from "@/config/plans";
import { users } from "@/db/schema";
import type { LedgerReason } from "@/db/schema/enums";
import { applyCreditChange } from "@/lib/credits/apply-credit-change";
import type { Transaction } from "@/lib/db";
import type { User } from "@/db/schema";
import { packageCreditCents } from "./catalogue";

const SUBSCRIBED = new Set(["trial", "active", "cancelled"]);

/**
 * Adds a paid credit package to the user's balance (one cent per reminder) once per key, and
 * moves a user without a paid subscription onto pay-as-you-go. Shared by the webhook and the
 * demo checkout.
 */
export async function fulfilCreditPurchase(
  tx: Transaction,
  user: User,
  packageIndex: number,
  idempotencyKey: string,
  reason: LedgerReason = "purchase",
) {
  const pkg = CREDIT_PACKAGES[packageIndex];
  if (!pkg) throw new Error(`Unknown credit package ${packageIndex}`);
  const result = await applyCreditChange(tx, {
    userId: user.id,
    cents: packageCreditCents(pkg),
    reason,
    idempotencyKey,
  });
  const hasPaidSubscription =
    user.planType !== "payg" && user.stripeSubscriptionId !== null && SUBSCRIBED.has(user.subscriptionStatus);
  if (result.applied && !hasPaidSubscription && user.planType !== "payg") {
    await tx
      .update(users)
      .set({
        planType: "payg",
        subscriptionStatus: "active",
        paymentFrequency: null,
        remindersQuota: 0,
        trialEndDate: null,
        nextBillingDate: null,
      })
      .where(eq(users.id, user.id));
  }
  return result;
}
