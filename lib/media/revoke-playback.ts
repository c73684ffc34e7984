import "server-only";
import { and, eq } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";

/**
 * Withdraws a delivery's playback link (its page and files answer 404 from then on). Another
 * user's delivery is a 404. Revoking twice keeps the first time.
 */
export async function revokePlayback(workspaceId: string, deliveryId: number, now = new Date()) {
  const [row] = await db
    .select({ revokedAt: deliveries.playbackRevokedAt })
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.workspaceId, workspaceId)));
  if (!row) throw notFound({ code: "not_found", message: "Delivery not found" });
  if (row.revokedAt) return { playbackRevokedAt: row.revokedAt.toISOString() };
  await db
    .update(deliveries)
    .set({ playbackRevokedAt: now })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.workspaceId, workspaceId)));
  return { playbackRevokedAt: now.toISOString() };
}
