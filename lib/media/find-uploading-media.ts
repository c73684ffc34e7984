import "server-only";
import { and, eq } from "drizzle-orm";
import { media, type Media } from "@/db/schema";
import { db } from "@/lib/db";
import { uploadNotFound } from "@/lib/storage/upload-errors";
import { mediaIdOfSourceKey } from "./media-keys";

/**
 * The clip an upload route names (by its key, or by the media id in the uploader's metadata):
 * the user's own, still uploading. Anything else, another user's included, is not found.
 */
export async function findUploadingMedia(
  workspaceId: string,
  ref: { key?: string; mediaId?: string },
): Promise<Media> {
  const id = ref.key !== undefined ? mediaIdOfSourceKey(ref.key) : (ref.mediaId ?? null);
  if (!id || (ref.key !== undefined && ref.mediaId !== undefined && ref.mediaId !== id))
    throw uploadNotFound();
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), eq(media.workspaceId, workspaceId), eq(media.status, "uploading")));
  if (!row) throw uploadNotFound();
  return row;
}

/** The same, and the multipart upload named must be the clip's own. */
export async function findMultipartMedia(workspaceId: string, key: string, uploadId: string): Promise<Media> {
  const row = await findUploadingMedia(workspaceId, { key });
  if (row.uploadId !== uploadId) throw uploadNotFound();
  return row;
}
