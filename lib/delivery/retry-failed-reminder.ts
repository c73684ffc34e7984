import "server-only";
import { conflict } from "@/lib/errors/domain-error";
import { retryReminder } from "@/lib/delivery/retry-reminder";
import { findOwnReminder } from "@/lib/reminders/find-own-reminder";

/** POST /api/reminders/{id}/retry: only failed reminders, handed to the delivery engine. */
export async function retryFailedReminder(userId: string, reminderId: string) {
  const reminder = await findOwnReminder(userId, reminderId);
  if (reminder.status !== "failed")
    throw conflict({ code: "reminder_not_failed", message: "Only failed reminders can be retried" });
  const result = await retryReminder({ userId, reminderId });
  return { success: result.success, error: result.error ?? null };
}
