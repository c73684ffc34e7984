import "server-only";
import type { User } from "@/db/schema";
import { getShellSummary } from "./get-shell-summary";

/** GET /api/v1/usage: the sidebar's figures, grouped for programs. */
export async function getUsage(user: User) {
  const summary = await getShellSummary(user);
  return {
    plan: summary.planType,
    reminders: { used: summary.remindersUsed, quota: summary.remindersQuota },
    contacts: { used: summary.contactsUsed, limit: summary.contactsLimit },
    creditBalanceCents: summary.creditBalanceCents,
  };
}
