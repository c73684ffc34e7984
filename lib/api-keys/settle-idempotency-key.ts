import "server-only";
import { eq } from "drizzle-orm";
import { idempotencyRecords } from "@/db/schema";
import { db } from "@/lib/db";

/**
 * The end of a claimed request: a final answer (below 500) is kept for replay; after a server
 * error or an unavailable database the record goes, so a retry with the same key runs again.
 */
export async function settleIdempotencyKey(recordId: number, status: number, body: unknown): Promise<void> {
  if (status >= 500) {
    await db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, recordId));
    return;
  }
  await db
    .update(idempotencyRecords)
    .set({ responseStatus: status, responseBody: body ?? null })
    .where(eq(idempotencyRecords.id, recordId));
}
