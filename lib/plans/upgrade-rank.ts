import { UPGRADE_ORDER } from "@/config/plans";

/** Position in the upgrade order; pay-as-you-go sits outside it (-1). */
export function upgradeRank(planType: string): number {
  return (UPGRADE_ORDER as readonly string[]).indexOf(planType);
}
