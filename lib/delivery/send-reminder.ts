import "server-only";
import { invalidInput, conflict } from "@/lib/errors/domain-error";
import { sendReminderNow } from "@/lib/delivery/send-reminder-now";
import { findOwnReminder } from "@/lib/reminders/find-own-reminder";

/** POST /api/reminders/{id}/send: for scheduled SMS and WhatsApp reminders only. */
export async function sendReminder(userId: string, reminderId: string) {
  const reminder = await findOwnReminder(userId, reminderId);
  if (reminder.status !== "scheduled")
    throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be sent now" });
  if (reminder.deliveryMethod === "email")
    throw invalidInput({
      code: "send_now_channel",
      message: "Only SMS and WhatsApp reminders can be sent now",
    });
  const result = await sendReminderNow({ userId, reminderId });
  return { success: result.success, error: result.error ?? null };
}
