import { PLANS } from "@/config/plans";
import { PLAN_TYPES, type PlanType } from "@/db/schema/enums";

/** The plan's contact limit; an unknown plan type gets the free plan's. */
export function contactLimitOf(planType: string): number {
  const known = (PLAN_TYPES as readonly string[]).includes(planType) ? (planType as PlanType) : "free";
  return PLANS[known].contactsLimit;
}

export const CONTACT_LIMIT_MESSAGE = "Contact limit reached";
