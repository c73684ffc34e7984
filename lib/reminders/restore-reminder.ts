import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq, isNull, sql } from "drizzle-orm";
import { UNDO_WINDOW_MS } from "@/config/undo";
import { deliveries, reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { UNDO_EXPIRED } from "@/lib/errors/undo-expired";
import { db } from "@/lib/db";
import { nextOccurrence } from "@/lib/recurrence";
import { scheduleFromRow } from "@/lib/recurrence/schedule-from-row";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { MEMBER_REMINDER_READ_ONLY, REMINDER_NOT_FOUND } from "./find-own-reminder";
import { syncGroupReminders } from "./sync-group-reminders";

/**
 * POST /api/reminders/{id}/restore: Undo of a cancel. Within UNDO_WINDOW_MS of `cancelledAt` a
 * cancelled reminder is scheduled again as it was: a once reminder at its instant, a recurring one
 * at the recurrence engine's next occurrence after the last one the engine took on (or from its
 * first, when none was), so an occurrence that fell inside the window goes out now rather than
 * being skipped. A `reminder.restored` webhook event follows the `reminder.cancelled` one. A
 * reminder already scheduled again answers as it is (a second press); after the window nothing
 * changes (409). A group reminder's members get their member reminders back (the group's current
 * members: one who left meanwhile stays stopped, one who joined gets one), each due at its next
 * occurrence; a member reminder is restored only with its group reminder (409).
 */
export async function restoreReminder(actor: Actor, id: string, now = new Date()) {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reminders)
      .where(and(eq(reminders.id, id), eq(reminders.workspaceId, workspaceId)))
      // NO KEY UPDATE, as syncGroupReminders locks group reminders (its comment says why).
      .for("no key update");
    if (!row) throw notFound(REMINDER_NOT_FOUND);
    if (row.parentReminderId) throw conflict(MEMBER_REMINDER_READ_ONLY);
    if (row.status === "scheduled") return { id, status: row.status, nextRunAt: row.nextRunAt };
    if (row.status !== "cancelled" || !row.cancelledAt) {
      throw conflict({
        code: "reminder_not_cancelled",
        message: "Only a cancelled reminder can be restored",
      });
    }
    if (now.getTime() - row.cancelledAt.getTime() > UNDO_WINDOW_MS) throw conflict(UNDO_EXPIRED);

    // The latest scheduled occurrence the engine made a delivery for (Send now extras and
    // LATER snoozes are besides the schedule).
    const [{ last }] = await tx
      .select({ last: sql<string | null>`max(${deliveries.occurrenceAt})` })
      .from(deliveries)
      .where(
        and(eq(deliveries.reminderId, id), eq(deliveries.extra, false), isNull(deliveries.snoozedFromId)),
      );
    const firstDue = row.scheduledFor ? row.scheduledFor.getTime() - 1 : 0;
    // A group reminder has no deliveries of its own: it resumes where its members do, at the
    // next occurrence from now.
    const after =
      row.recipient === "group" && row.scheduleType === "recurring"
        ? new Date(Math.max(now.getTime(), firstDue))
        : new Date(Math.max(last ? new Date(last).getTime() : 0, firstDue));
    // A once reminder is due at its stored instant (the schedule reads it to the minute only).
    const nextRunAt =
      row.scheduleType === "once"
        ? row.occurrencesSent === 0 && !last
          ? row.scheduledFor
          : null
        : nextOccurrence(scheduleFromRow(row), after, row.occurrencesSent);
    if (!nextRunAt)
      throw conflict({ code: "no_future_occurrence", message: "This schedule has no future occurrence" });

    await tx
      .update(reminders)
      .set({ status: "scheduled", cancelledAt: null, nextRunAt, updatedBy: actor.user.id })
      .where(eq(reminders.id, id));
    if (row.groupId) await syncGroupReminders(tx, { workspaceId, reminderId: id }, now);
    await emitWebhookEvent(tx, {
      workspaceId,
      actor,
      type: "reminder.restored",
      data: {
        reminderId: id,
        contactId: row.contactId,
        ...(row.groupId ? { groupId: row.groupId } : {}),
        nextRunAt: nextRunAt.toISOString(),
      },
      occurredAt: now,
    });
    await recordWorkspaceEvent(tx, workspaceId, actor, { kind: "reminder.restored", subjectId: id });
    return { id, status: "scheduled" as const, nextRunAt };
  });
}
