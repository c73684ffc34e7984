import "server-only";
import { conflict } from "@/lib/errors/domain-error";
import { retryReminder } from "@/lib/delivery/retry-reminder";
import { findOwnReminder } from "@/lib/reminders/find-own-reminder";
import type { Actor } from "@/lib/workspaces/actor";

/** POST /api/reminders/{id}/retry: only the actor's workspace's failed reminders, handed to the delivery engine. */
export async function retryFailedReminder(actor: Actor, reminderId: string) {
  const reminder = await findOwnReminder(actor.workspace.id, reminderId);
  if (reminder.status !== "failed")
    throw conflict({ code: "reminder_not_failed", message: "Only failed reminders can be retried" });
  const result = await retryReminder({ workspaceId: actor.workspace.id, reminderId, actor });
  return { success: result.success, error: result.error ?? null };
}
