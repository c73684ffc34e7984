import "server-only";
import { and, eq } from "drizzle-orm";
import { reminders } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { REMINDER_NOT_FOUND } from "./find-own-reminder";

/**
 * DELETE /api/reminders/{id}: the reminder leaves the schedule for good (status
 * 'cancelled', no next run) and keeps its row and delivery history. The conditional
 * update is atomic against the engine claiming it at the same moment; the
 * `reminder.cancelled` webhook event is written with it.
 */
export async function cancelReminder(userId: string, id: string, now = new Date()) {
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(reminders)
      .set({ status: "cancelled", cancelledAt: now, nextRunAt: null })
      .where(and(eq(reminders.id, id), eq(reminders.userId, userId), eq(reminders.status, "scheduled")))
      .returning({ id: reminders.id, status: reminders.status, contactId: reminders.contactId });
    if (!cancelled) return null;
    await emitWebhookEvent(tx, {
      userId,
      type: "reminder.cancelled",
      data: { reminderId: cancelled.id, contactId: cancelled.contactId, cancelledAt: now.toISOString() },
      occurredAt: now,
    });
    return { id: cancelled.id, status: cancelled.status };
  });
  if (row) return row;
  const [existing] = await db
    .select({ status: reminders.status })
    .from(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.userId, userId)));
  if (!existing) throw notFound(REMINDER_NOT_FOUND);
  if (existing.status === "cancelled") return { id, status: "cancelled" };
  throw conflict({ code: "reminder_not_scheduled", message: "Only scheduled reminders can be cancelled" });
}
