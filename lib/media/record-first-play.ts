import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";

/**
 * Marks a delivery played, once: the first play's time stays (a replay, a second device or a
 * retried request changes nothing), with a `delivery.played` webhook event in the same
 * transaction. True when this call recorded it.
 */
export async function recordFirstPlay(deliveryId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(deliveries)
      .set({ playedAt: now })
      .where(and(eq(deliveries.id, deliveryId), isNull(deliveries.playedAt)))
      .returning();
    if (!row) return false;
    // As every delivery event: its fallback step, and a group member's group reminder.
    const [reminder] = await tx
      .select({ parentReminderId: reminders.parentReminderId })
      .from(reminders)
      .where(eq(reminders.id, row.reminderId));
    await emitWebhookEvent(tx, {
      workspaceId: row.workspaceId,
      type: "delivery.played",
      data: {
        deliveryId: String(row.id),
        reminderId: row.reminderId,
        contactId: row.contactId,
        channel: row.channel,
        occurrenceAt: row.occurrenceAt.toISOString(),
        fallbackStep: row.fallbackStep,
        ...(reminder?.parentReminderId ? { groupReminderId: reminder.parentReminderId } : {}),
        playedAt: now.toISOString(),
      },
      occurredAt: now,
    });
    return true;
  });
}
