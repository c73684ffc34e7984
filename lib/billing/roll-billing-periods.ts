import "server-only";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { PLANS } from "@/config/plans";
import { workspaces } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

const PAID_PLANS = ["personal", "starter", "professional", "business"];

export interface RollReport {
  trialsEnded: number;
  freePeriodsRenewed: number;
  cancellationsEnded: number;
}

/**
 * The billing-period job (graphile-worker cron). Each change is one UPDATE whose WHERE names the
 * period it closes; a second worker running at the same moment waits on the row lock, re-reads
 * the row and no longer matches, so every period rolls exactly once. Nothing is deleted: over-limit
 * contacts and reminders stay, and new ones are refused until the workspace is under the limit.
 */
export async function rollBillingPeriods(executor: DbOrTx, now: Date): Promise<RollReport> {
  const nextMonth = sql`(${now}::timestamptz + interval '1 month')`;
  const toFree = {
    planType: "free",
    subscriptionStatus: "expired",
    paymentFrequency: null,
    remindersQuota: PLANS.free.remindersLimit ?? 0,
    remindersUsedCurrentPeriod: 0,
    // Members bought end with the subscription; the free plan is one person's.
    extraSeats: 0,
    billingPeriodStart: now,
    billingPeriodEnd: nextMonth,
    nextBillingDate: null,
  } as const;

  // The app's own 7-day trial, with no paid subscription started: free from its end.
  const trials = await executor
    .update(workspaces)
    .set(toFree)
    .where(and(eq(workspaces.planType, "trial"), lte(workspaces.trialEndDate, now)))
    .returning({ id: workspaces.id });

  // A subscription cancelled at period end whose end Stripe has not (yet) reported.
  const cancelled = await executor
    .update(workspaces)
    .set(toFree)
    .where(
      and(
        inArray(workspaces.planType, PAID_PLANS),
        eq(workspaces.subscriptionStatus, "cancelled"),
        lte(workspaces.billingPeriodEnd, now),
      ),
    )
    .returning({ id: workspaces.id });

  // Free plans: a new month, the used count back to 0.
  const free = await executor
    .update(workspaces)
    .set({
      remindersUsedCurrentPeriod: 0,
      remindersQuota: PLANS.free.remindersLimit ?? 0,
      billingPeriodStart: now,
      billingPeriodEnd: nextMonth,
    })
    .where(and(eq(workspaces.planType, "free"), lte(workspaces.billingPeriodEnd, now)))
    .returning({ id: workspaces.id });

  return {
    trialsEnded: trials.length,
    freePeriodsRenewed: free.length,
    cancellationsEnded: cancelled.length,
  };
}
