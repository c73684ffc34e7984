import "server-only";
import { countContacts } from "@/lib/contacts/count-contacts";
import { getPlan } from "@/lib/plans/get-plan";
import type { PlanType } from "@/db/schema/enums";
import type { User } from "@/db/schema";

export interface ShellSummary {
  planType: PlanType;
  contactsUsed: number;
  contactsLimit: number;
  remindersUsed: number;
  remindersQuota: number;
  /** Pay-as-you-go, and any plan holding credits; null otherwise. */
  creditBalanceCents: number | null;
}

/** What the sidebar footer shows: plan, contacts used/limit, and reminder usage or credit. */
export async function getShellSummary(user: User): Promise<ShellSummary> {
  const plan = getPlan(user.planType);
  const contactsUsed = await countContacts(user.id);
  return {
    planType: plan.planType,
    contactsUsed,
    contactsLimit: plan.contactsLimit,
    remindersUsed: user.remindersUsedCurrentPeriod,
    remindersQuota: user.remindersQuota,
    creditBalanceCents:
      plan.planType === "payg" || user.paygCreditBalance > 0 ? user.paygCreditBalance : null,
  };
}
