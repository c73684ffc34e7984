import type { PlanType } from "@/db/schema/enums";

export interface PeriodUsageSource {
  planType: PlanType | string;
  remindersQuota: number;
  remindersUsedCurrentPeriod: number;
  /** Optional for the engine, which reads only the counts. */
  billingPeriodStart?: Date | null;
  billingPeriodEnd?: Date | null;
}

export interface PeriodUsage {
  /** Reminders counted in the current period (a call counts 3). */
  used: number;
  quota: number;
  /** The quota not yet used (credits aside). */
  left: number;
  /** When the period began: a subscription's start (an upgrade from Free or a trial), a renewal, a new free month. */
  start: Date | null;
  end: Date | null;
}

/**
 * The reminders a workspace's current period has used and has left: the one reading of the
 * usage that billing, the dashboard, the sidebar, the API and the quota checks all show and
 * apply. Null on pay-as-you-go, which has credit and no quota. The rule (docs/billing.md,
 * Periods): a period begins when a subscription starts and at each renewal, with the plan's full
 * quota; a plan change inside a subscription keeps its period and what it used.
 */
export function periodUsage(workspace: PeriodUsageSource): PeriodUsage | null {
  if (workspace.planType === "payg") return null;
  const used = workspace.remindersUsedCurrentPeriod;
  const quota = workspace.remindersQuota;
  return {
    used,
    quota,
    left: Math.max(0, quota - used),
    start: workspace.billingPeriodStart ?? null,
    end: workspace.billingPeriodEnd ?? null,
  };
}
