import type { ReminderType } from "@/db/schema/enums";

/** Why "Phone call" cannot be chosen: the plan has no calls, a video is not called, or the contact has no phone. */
export type CallBlock = "plan" | "video" | "phone";

/**
 * What stops the dialog offering a call, the plan first (no phone number would help), then the
 * reminder's type, then the chosen contact; null: a call can be chosen. The server applies the
 * same rules (lib/validations/reminder.ts, lib/reminders/assert-calls-in-plan.ts).
 */
export function callBlock({
  callsPerDay,
  type,
  contact,
}: {
  callsPerDay: number;
  type: ReminderType;
  contact: { phone: string | null } | undefined;
}): CallBlock | null {
  if (callsPerDay <= 0) return "plan";
  if (type === "video") return "video";
  if (contact && !contact.phone) return "phone";
  return null;
}
