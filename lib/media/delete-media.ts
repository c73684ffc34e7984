import "server-only";
import { and, eq } from "drizzle-orm";
import { media, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/domain-error";
import { mediaNotFound } from "./mark-media-uploaded";
import { dropMedia } from "./drop-media";

/**
 * DELETE /api/media/{id}: refused while a scheduled reminder uses the clip; otherwise any upload
 * under way is aborted and every object removed. A clip that sent reminders name stays as a
 * 'removed' row (their History still says what was sent); any other row goes.
 *
 * The row is locked and marked removed before its objects go: a reminder being saved on the clip
 * at the same moment (it share-locks the row) either commits first and the delete is refused, or
 * finds the clip removed.
 */
export async function deleteMedia(workspaceId: string, id: string): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(media)
      .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId)))
      .for("update");
    if (!found) throw mediaNotFound();
    const scheduled = await tx
      .select({ id: reminders.id })
      .from(reminders)
      .where(and(eq(reminders.mediaId, id), eq(reminders.status, "scheduled")))
      .limit(1);
    if (scheduled.length > 0)
      throw conflict({ code: "media_in_use", message: "A scheduled reminder uses this recording" });
    await tx.update(media).set({ status: "removed" }).where(eq(media.id, id));
    return found;
  });
  await dropMedia(row);
}
