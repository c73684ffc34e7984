import { UPGRADE_ORDER } from "@/config/plans";
import type { PlanType } from "@/db/schema/enums";

/** The plan after this one in the upgrade order; none after business or for payg. */
export function nextPlanOf(planType: PlanType): PlanType | null {
  const index = UPGRADE_ORDER.indexOf(planType);
  return index >= 0 && index < UPGRADE_ORDER.length - 1 ? UPGRADE_ORDER[index + 1] : null;
}
