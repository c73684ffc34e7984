import type { DeliveryMethod } from "@/db/schema/enums";
import { REMINDERS_PER_CALL } from "@/config/plans";

/**
 * Reminders of quota (or times the credit price) one delivery takes: a call REMINDERS_PER_CALL,
 * anything else one. Reserved on its first attempt and given back the same on a refund.
 */
export function usageUnits(channel: DeliveryMethod): number {
  return channel === "call" ? REMINDERS_PER_CALL : 1;
}
