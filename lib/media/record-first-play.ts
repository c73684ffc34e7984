import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";

/**
 * Marks a delivery played, once: the first play's time stays (a replay, a second device or a
 * retried request changes nothing). True when this call recorded it.
 */
export async function recordFirstPlay(deliveryId: number, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(deliveries)
    .set({ playedAt: now })
    .where(and(eq(deliveries.id, deliveryId), isNull(deliveries.playedAt)))
    .returning({ id: deliveries.id });
  return updated.length > 0;
}
