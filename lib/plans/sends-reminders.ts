import { SUBSCRIPTION_PLAN_TYPES } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";

/** The plan rule for sending (config/plans.ts): a subscription plan that is not paid sends nothing. */
export function sendsReminders(planType: string, subscriptionStatus: string): boolean {
  return !(SUBSCRIPTION_PLAN_TYPES.includes(planType as PlanType) && subscriptionStatus === "expired");
}
