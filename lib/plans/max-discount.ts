import { getPlan } from "./get-plan";

/** The landing page's 'Save up to N%': the best discount over a plan's billing periods (0 if none). */
export function maxDiscount(planType: string): number {
  return Math.max(0, ...Object.values(getPlan(planType).prices).map((price) => price.discount));
}
