import type { PlanType } from "@/db/schema/enums";

/** What the reminder dialog needs to know about a contact. */
export interface ContactOption {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** What the reminder screens need to know about the signed-in user. */
export interface ReminderUser {
  timezone: string;
  planType: PlanType;
  remindersQuota: number;
  remindersUsedCurrentPeriod: number;
  /** Cents; bought credits carry sends past the plan's quota. */
  paygCreditBalance: number;
  recurringAllowed: boolean;
}
