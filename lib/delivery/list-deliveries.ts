import { and, desc, eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/api/errors";

/** A reminder's history, newest first: time, channel, status (held: until nextAttemptAt), error. */
export async function listDeliveries({
  userId,
  reminderId,
  limit = 50,
}: {
  userId: string;
  reminderId: string;
  limit?: number;
}) {
  const [owned] = await db
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.id, reminderId), eq(reminders.userId, userId)));
  if (!owned) throw notFound({ code: "reminder_not_found", message: "Reminder not found" });
  return db
    .select({
      id: deliveries.id,
      occurrenceAt: deliveries.occurrenceAt,
      channel: deliveries.channel,
      status: deliveries.status,
      error: deliveries.error,
      errorCode: deliveries.errorCode,
      attemptCount: deliveries.attemptCount,
      releaseAt: deliveries.nextAttemptAt,
      sentAt: deliveries.sentAt,
      deliveredAt: deliveries.deliveredAt,
    })
    .from(deliveries)
    .where(eq(deliveries.reminderId, reminderId))
    .orderBy(desc(deliveries.occurrenceAt))
    .limit(limit);
}
