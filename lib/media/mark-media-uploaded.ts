import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { media, type Media, type User } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { withTransaction } from "@/lib/db/with-transaction";
import { DomainError, notFound } from "@/lib/errors/domain-error";
import { logger } from "@/lib/logger";
import { getPlan } from "@/lib/plans/get-plan";
import { getStorage } from "@/lib/storage/get-storage";
import { uploadIncomplete } from "@/lib/storage/upload-errors";
import { assertDeclaredSize, assertMediaSize, assertStorageRoom } from "./check-media-upload";
import type { MediaDto } from "./media-dto";
import { queueMediaProcessing } from "./queue-media-processing";
import { removeMediaObjects } from "./remove-media-objects";
import { toMediaDto } from "./to-media-dto";
import { usedMediaBytes } from "./used-media-bytes";

export const mediaNotFound = () =>
  notFound({ code: "media_not_found", message: "This recording no longer exists" });

const START_PROCESSING = compileStatement<{ id: string; size: number }, { id: string }>(
  (p) => sql`update ${media}
    set ${columnName(media.status)} = 'processing',
        ${columnName(media.sourceBytes)} = ${p.size},
        ${columnName(media.storedBytes)} = ${p.size},
        ${columnName(media.uploadId)} = null,
        ${columnName(media.updatedAt)} = now()
    where ${media.id} = ${p.id} and ${media.status} = 'uploading'
    returning ${media.id}`,
);

/** The clip refused after its upload: its objects go, the row says why. */
async function refuse(row: Media, error: DomainError): Promise<never> {
  try {
    await removeMediaObjects(row);
  } catch (cause) {
    // The clean-up job removes what is left of a failed clip.
    logger.warn("media.remove_failed", {
      mediaId: row.id,
      error: cause instanceof Error ? cause : String(cause),
    });
  }
  await db
    .update(media)
    .set({ status: "failed", failureReason: error.code, storedBytes: 0, uploadId: null })
    .where(and(eq(media.id, row.id), eq(media.status, "uploading")));
  throw error;
}

/**
 * POST /api/media/{id}/uploaded (and the end of a multipart upload): the stored object's real
 * size is checked (0 bytes, over the kind's limit, over the size declared, past the plan's
 * storage: the clip fails and its object is removed), then the clip moves to processing and its
 * processing job is queued in the same transaction. A clip already past uploading answers as it is.
 */
export async function markMediaUploaded(
  user: Pick<User, "id" | "planType">,
  mediaId: string,
): Promise<MediaDto> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.userId, user.id)));
  if (!row || row.status === "removed") throw mediaNotFound();
  if (row.status === "processing" || row.status === "ready") return toMediaDto(row);
  if (row.status === "failed") throw mediaNotFound();

  const size = await getStorage().size(row.sourceKey);
  if (size === null) throw uploadIncomplete("nothing was uploaded");
  try {
    assertMediaSize(row.kind as MediaKind, size);
    assertDeclaredSize(row, size);
    assertStorageRoom(getPlan(user.planType), await usedMediaBytes(db, user.id, row.id), size);
  } catch (error) {
    if (error instanceof DomainError) return refuse(row, error);
    throw error;
  }

  await withTransaction(async (client) => {
    const { rowCount } = await START_PROCESSING.run(client, { id: row.id, size });
    if (rowCount === 1) await queueMediaProcessing(client, row.id);
  });
  const [fresh] = await db.select().from(media).where(eq(media.id, row.id));
  if (!fresh) throw mediaNotFound();
  return toMediaDto(fresh);
}
