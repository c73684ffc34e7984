import "server-only";
import { countContacts } from "@/lib/contacts/count-contacts";
import { getPlan } from "@/lib/plans/get-plan";
import type { PlanType } from "@/db/schema/enums";
import type { Workspace } from "@/db/schema";

export interface ShellSummary {
  planType: PlanType;
  contactsUsed: number;
  contactsLimit: number;
  remindersUsed: number;
  remindersQuota: number;
  /** Pay-as-you-go, and any plan holding credits; null otherwise. */
  creditBalanceCents: number | null;
}

/** What the sidebar footer shows of the workspace: plan, contacts used/limit, and reminder usage or credit. */
export async function getShellSummary(workspace: Workspace): Promise<ShellSummary> {
  const plan = getPlan(workspace.planType);
  const contactsUsed = await countContacts(workspace.id);
  return {
    planType: plan.planType,
    contactsUsed,
    contactsLimit: plan.contactsLimit,
    remindersUsed: workspace.remindersUsedCurrentPeriod,
    remindersQuota: workspace.remindersQuota,
    creditBalanceCents:
      plan.planType === "payg" || workspace.paygCreditBalance > 0 ? workspace.paygCreditBalance : null,
  };
}
