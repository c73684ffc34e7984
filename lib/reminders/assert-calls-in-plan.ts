import { PLANS } from "@/config/plans";
import type { DeliveryMethod, PlanType } from "@/db/schema/enums";
import { forbidden } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";

export const CALLS_NOT_IN_PLAN = {
  code: "calls_not_in_plan",
  message: "Your plan does not include phone calls. Upgrade to send reminders by phone call.",
} as const satisfies Problem;

/** Whether the plan may place reminder calls (`callsPerDay` above 0 in the plan catalogue). */
export function planHasCalls(planType: string): boolean {
  return (PLANS[planType as PlanType]?.callsPerDay ?? 0) > 0;
}

/**
 * A reminder by phone call needs a plan with calls: refused (403 `calls_not_in_plan`) on create,
 * edit and Send now, before anything is written or sent. Other methods pass.
 */
export function assertCallsInPlan(planType: string, method: DeliveryMethod | string): void {
  if (method === "call" && !planHasCalls(planType)) throw forbidden(CALLS_NOT_IN_PLAN);
}
