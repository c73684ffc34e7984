import { PLANS, type Plan } from "@/config/plans";
import { PLAN_TYPES, type PlanType } from "@/db/schema/enums";

export function isPlanType(value: unknown): value is PlanType {
  return typeof value === "string" && (PLAN_TYPES as readonly string[]).includes(value);
}

/** The catalogue entry for a stored plan type; unknown values fall back to free. */
export function getPlan(planType: string | null | undefined): Plan {
  return isPlanType(planType) ? PLANS[planType] : PLANS.free;
}
