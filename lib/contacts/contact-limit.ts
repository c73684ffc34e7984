import { getPlan } from "@/lib/plans/get-plan";

/** The plan's contact limit; an unknown plan type gets the free plan's. */
export function contactLimitOf(planType: string): number {
  return getPlan(planType).contactsLimit;
}

export const CONTACT_LIMIT_MESSAGE = "Contact limit reached";
