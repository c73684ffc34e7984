import "server-only";
import type { Workspace } from "@/db/schema";
import { getShellSummary } from "./get-shell-summary";

/** GET /api/v1/usage: the sidebar's figures of the key's workspace, grouped for programs. */
export async function getUsage(workspace: Workspace) {
  const summary = await getShellSummary(workspace);
  return {
    plan: summary.planType,
    reminders: {
      used: summary.remindersUsed,
      quota: summary.remindersQuota,
      periodStart: summary.periodStart?.toISOString() ?? null,
      periodEnd: summary.periodEnd?.toISOString() ?? null,
    },
    contacts: { used: summary.contactsUsed, limit: summary.contactsLimit },
    creditBalanceCents: summary.creditBalanceCents,
  };
}
