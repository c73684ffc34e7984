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
 */
export async function deleteMedia(userId: string, id: string): Promise<void> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.userId, userId)));
  if (!row) throw mediaNotFound();
  const scheduled = await db
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.mediaId, id), eq(reminders.status, "scheduled")))
    .limit(1);
  if (scheduled.length > 0)
    throw conflict({ code: "media_in_use", message: "A scheduled reminder uses this recording" });
  await dropMedia(row);
}
