import "server-only";
import { and, eq } from "drizzle-orm";
import { media } from "@/db/schema";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/storage/get-storage";
import { findMultipartMedia } from "./find-uploading-media";

/**
 * DELETE s3/multipart/{uploadId}?key=: the uploader cancelled. The store drops the parts; the
 * clip stays uploading (the same file may be sent again) until deleted or cleaned up.
 */
export async function abortMediaMultipart(workspaceId: string, key: string, uploadId: string) {
  const row = await findMultipartMedia(workspaceId, key, uploadId);
  await getStorage().abortMultipart(row.sourceKey, uploadId);
  await db
    .update(media)
    .set({ uploadId: null })
    .where(and(eq(media.id, row.id), eq(media.uploadId, uploadId)));
}
