import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq, isNull } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { MEMBER_REMINDER_READ_ONLY, REMINDER_NOT_FOUND } from "./find-own-reminder";
import { stopMemberReminders } from "./sync-group-reminders";

/**
 * DELETE /api/reminders/{id}: the reminder leaves the schedule for good (status
 * 'cancelled', no next run) and keeps its row and delivery history. The conditional
 * update is atomic against the engine claiming it at the same moment; the
 * `reminder.cancelled` webhook event is written with it. A group reminder's member reminders
 * stop with it (at the same instant, which restore and memberCount read); a member reminder is
 * cancelled only with its group reminder (409 member_reminder_read_only).
 */
export async function cancelReminder(actor: Actor, id: string, now = new Date()) {
  const workspaceId = actor.workspace.id;
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(reminders)
      .set({ status: "cancelled", cancelledAt: now, nextRunAt: null, updatedBy: actor.user.id })
      .where(
        and(
          eq(reminders.id, id),
          eq(reminders.workspaceId, workspaceId),
          eq(reminders.status, "scheduled"),
          isNull(reminders.parentReminderId),
        ),
      )
      .returning({
        id: reminders.id,
        status: reminders.status,
        contactId: reminders.contactId,
        groupId: reminders.groupId,
      });
    if (!cancelled) return null;
    if (cancelled.groupId) await stopMemberReminders(tx, cancelled.id, now);
    await emitWebhookEvent(tx, {
      workspaceId,
      actor,
      type: "reminder.cancelled",
      data: {
        reminderId: cancelled.id,
        contactId: cancelled.contactId,
        ...(cancelled.groupId ? { groupId: cancelled.groupId } : {}),
        cancelledAt: now.toISOString(),
      },
      occurredAt: now,
    });
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "reminder.cancelled",
      subjectId: cancelled.id,
    });
    return { id: cancelled.id, status: cancelled.status };
  });
  if (row) return row;
  const [existing] = await db
    .select({ status: reminders.status, parentReminderId: reminders.parentReminderId })
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.workspaceId, workspaceId)));
  if (!existing) throw notFound(REMINDER_NOT_FOUND);
  if (existing.parentReminderId) throw conflict(MEMBER_REMINDER_READ_ONLY);
  if (existing.status === "cancelled") return { id, status: "cancelled" };
  throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be cancelled" });
}
