import "server-only";
import { and, eq, exists } from "drizzle-orm";
import { media, reminders, type Media } from "@/db/schema";
import { db } from "@/lib/db";
import { removeMediaObjects } from "./remove-media-objects";

/**
 * Removes a clip's objects (and any upload under way), then its row; a clip reminders still name
 * keeps its row as 'removed', so their History says what was sent. Running it twice is harmless.
 */
export async function dropMedia(
  row: Pick<Media, "id" | "sourceKey" | "uploadId">,
): Promise<"deleted" | "removed"> {
  await removeMediaObjects(row);
  return db.transaction(async (tx) => {
    const kept = await tx
      .update(media)
      .set({ status: "removed", storedBytes: 0, uploadId: null })
      .where(
        and(eq(media.id, row.id), exists(tx.select().from(reminders).where(eq(reminders.mediaId, row.id)))),
      )
      .returning({ id: media.id });
    if (kept.length > 0) return "removed";
    await tx.delete(media).where(eq(media.id, row.id));
    return "deleted";
  });
}
