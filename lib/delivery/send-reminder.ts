import "server-only";
import type { SendNowMode } from "@/db/schema/enums";
import { invalidInput, conflict } from "@/lib/errors/domain-error";
import { sendReminderNow } from "@/lib/delivery/send-reminder-now";
import { assertCallsInPlan } from "@/lib/reminders/assert-calls-in-plan";
import { findOwnReminder } from "@/lib/reminders/find-own-reminder";
import type { Actor } from "@/lib/workspaces/actor";

/**
 * POST /api/reminders/{id}/send: for scheduled SMS, WhatsApp and call reminders only (a call on a
 * plan that no longer has calls is refused before anything is sent). `mode` chooses, for a
 * recurring reminder, between an extra message (the default) and its pending occurrence ahead
 * of time; a one-time reminder has only its occurrence. The actor's workspace's reminder only
 * (another's is a 404); its plan carries the send.
 */
export async function sendReminder(actor: Actor, reminderId: string, mode: SendNowMode = "extra") {
  const reminder = await findOwnReminder(actor.workspace.id, reminderId);
  if (reminder.status !== "scheduled")
    throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be sent now" });
  if (reminder.deliveryMethod === "email")
    throw invalidInput({
      code: "send_now_channel",
      message: "Only SMS, WhatsApp and phone call reminders can be sent now",
    });
  assertCallsInPlan(actor.workspace.planType, reminder.deliveryMethod);
  const result = await sendReminderNow({
    workspaceId: actor.workspace.id,
    reminderId,
    mode: reminder.scheduleType === "once" ? "occurrence" : mode,
    actor,
  });
  return { success: result.success, error: result.error ?? null };
}
