import "server-only";
import { and, eq } from "drizzle-orm";
import { media, type Workspace } from "@/db/schema";
import { db } from "@/lib/db";
import { getStorage } from "@/lib/storage/get-storage";
import type { CompletedPart } from "@/lib/storage/storage-driver";
import { findMultipartMedia } from "./find-uploading-media";
import { markMediaUploaded } from "./mark-media-uploaded";

/**
 * POST s3/multipart/{uploadId}/complete?key=: the store joins the parts named (a missing part or
 * a wrong ETag: upload_incomplete, nothing joined, nothing marked), then the clip is marked
 * uploaded as by POST /api/media/{id}/uploaded. `location` is the clip's own route.
 */
export async function completeMediaMultipart(
  workspace: Pick<Workspace, "id" | "planType">,
  input: { key: string; uploadId: string; parts: CompletedPart[] },
) {
  const row = await findMultipartMedia(workspace.id, input.key, input.uploadId);
  await getStorage().completeMultipart(row.sourceKey, input.uploadId, input.parts);
  await db
    .update(media)
    .set({ uploadId: null })
    .where(and(eq(media.id, row.id), eq(media.uploadId, input.uploadId)));
  const dto = await markMediaUploaded(workspace, row.id);
  return { location: `/api/media/${row.id}`, key: row.sourceKey, media: dto };
}
