import { addDays } from "date-fns";
import { PLANS, TRIAL_DAYS } from "@/config/plans";

/** A new person's workspace starts a 7-day trial: 50 reminders, 0 used, active. */
export function trialPlanState(now: Date) {
  const trialEnd = addDays(now, TRIAL_DAYS);
  return {
    planType: "trial" as const,
    subscriptionStatus: "trial" as const,
    isActive: true,
    remindersQuota: PLANS.trial.remindersLimit ?? 0,
    remindersUsedCurrentPeriod: 0,
    trialEndDate: trialEnd,
    billingPeriodStart: now,
    billingPeriodEnd: trialEnd,
  };
}

/**
 * Free plan: 5 contacts, 10 reminders a month, a fresh monthly period from now. `expired` after a
 * subscription ended; `active` for a workspace that starts free.
 */
export function freePlanState(now: Date, status: "expired" | "active" = "expired") {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return {
    planType: "free" as const,
    subscriptionStatus: status,
    paymentFrequency: null,
    remindersQuota: PLANS.free.remindersLimit ?? 0,
    remindersUsedCurrentPeriod: 0,
    trialEndDate: null,
    billingPeriodStart: now,
    billingPeriodEnd: end,
    nextBillingDate: null,
  };
}
