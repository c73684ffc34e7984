import "server-only";
import { and, eq } from "drizzle-orm";
import { storedObjects } from "@/db/schema";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { getStorage } from "./get-storage";
import { objectIdOfPath } from "./object-path";

/**
 * Deletes an object the user no longer uses (a replaced or removed avatar, a deleted
 * contact's photo). Best effort: a storage failure leaves an orphan, never an error.
 */
export async function removeObjectAtPath(workspaceId: string, path: string | null | undefined) {
  const id = objectIdOfPath(path);
  if (!id) return;
  const [row] = await db
    .delete(storedObjects)
    .where(and(eq(storedObjects.id, id), eq(storedObjects.workspaceId, workspaceId)))
    .returning({ key: storedObjects.key });
  if (!row) return;
  try {
    await getStorage().remove(row.key);
  } catch (error) {
    logger.warn("storage.remove_failed", {
      key: row.key,
      error: error instanceof Error ? error : String(error),
    });
  }
}
