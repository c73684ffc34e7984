import "server-only";
import type { User } from "@/db/schema";
import type { SendNowMode } from "@/db/schema/enums";
import { invalidInput, conflict } from "@/lib/errors/domain-error";
import { sendReminderNow } from "@/lib/delivery/send-reminder-now";
import { assertCallsInPlan } from "@/lib/reminders/assert-calls-in-plan";
import { findOwnReminder } from "@/lib/reminders/find-own-reminder";

/**
 * POST /api/reminders/{id}/send: for scheduled SMS, WhatsApp and call reminders only (a call on a
 * plan that no longer has calls is refused before anything is sent). `mode` chooses, for a
 * recurring reminder, between an extra message (the default) and its pending occurrence ahead
 * of time; a one-time reminder has only its occurrence.
 */
export async function sendReminder(
  user: Pick<User, "id" | "planType">,
  reminderId: string,
  mode: SendNowMode = "extra",
) {
  const reminder = await findOwnReminder(user.id, reminderId);
  if (reminder.status !== "scheduled")
    throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be sent now" });
  if (reminder.deliveryMethod === "email")
    throw invalidInput({
      code: "send_now_channel",
      message: "Only SMS, WhatsApp and phone call reminders can be sent now",
    });
  assertCallsInPlan(user.planType, reminder.deliveryMethod);
  const result = await sendReminderNow({
    userId: user.id,
    reminderId,
    mode: reminder.scheduleType === "once" ? "occurrence" : mode,
  });
  return { success: result.success, error: result.error ?? null };
}
