import "server-only";
import { periodUsage } from "@/lib/plans/period-usage";
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
  /** When the reminders' period began and ends (null before the first one, and on pay-as-you-go). */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Pay-as-you-go, and any plan holding credits; null otherwise. */
  creditBalanceCents: number | null;
}

/** What the sidebar footer shows of the workspace: plan, contacts used/limit, and reminder usage or credit. */
export async function getShellSummary(workspace: Workspace): Promise<ShellSummary> {
  const plan = getPlan(workspace.planType);
  const contactsUsed = await countContacts(workspace.id);
  const period = periodUsage(workspace);
  return {
    planType: plan.planType,
    contactsUsed,
    contactsLimit: plan.contactsLimit,
    remindersUsed: period?.used ?? workspace.remindersUsedCurrentPeriod,
    remindersQuota: period?.quota ?? workspace.remindersQuota,
    periodStart: period?.start ?? null,
    periodEnd: period?.end ?? null,
    creditBalanceCents:
      plan.planType === "payg" || workspace.paygCreditBalance > 0 ? workspace.paygCreditBalance : null,
  };
}
