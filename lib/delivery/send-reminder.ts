import "server-only";
import type { SendNowMode } from "@/db/schema/enums";
import { invalidInput, conflict } from "@/lib/errors/domain-error";
import { sendReminderNow } from "@/lib/delivery/send-reminder-now";
import { findOwnReminder } from "@/lib/reminders/find-own-reminder";

/**
 * POST /api/reminders/{id}/send: for scheduled SMS and WhatsApp reminders only. `mode` chooses,
 * for a recurring reminder, between an extra message (the default) and its pending occurrence
 * ahead of time; a one-time reminder has only its occurrence.
 */
export async function sendReminder(userId: string, reminderId: string, mode: SendNowMode = "extra") {
  const reminder = await findOwnReminder(userId, reminderId);
  if (reminder.status !== "scheduled")
    throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be sent now" });
  if (reminder.deliveryMethod === "email")
    throw invalidInput({
      code: "send_now_channel",
      message: "Only SMS and WhatsApp reminders can be sent now",
    });
  const result = await sendReminderNow({
    userId,
    reminderId,
    mode: reminder.scheduleType === "once" ? "occurrence" : mode,
  });
  return { success: result.success, error: result.error ?? null };
}
