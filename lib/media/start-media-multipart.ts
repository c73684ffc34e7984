import "server-only";
import { and, eq } from "drizzle-orm";
import { MEDIA_DECLARED_TYPES } from "@/config/media";
import { media } from "@/db/schema";
import type { MediaKind } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { unsupportedType } from "@/lib/errors/domain-error";
import { getStorage } from "@/lib/storage/get-storage";
import { findUploadingMedia } from "./find-uploading-media";
import { baseMediaType } from "./upload-parameters";

/** Refuses a type the clip's kind does not accept (checked again on every route that names one). */
export function assertDeclaredType(kind: string, type: string) {
  if (!MEDIA_DECLARED_TYPES[kind as MediaKind].includes(baseMediaType(type)))
    throw unsupportedType({
      code: "media_type_unsupported",
      message: "This file is not an audio or video file",
    });
}

/**
 * POST s3/multipart: starts the multipart upload of the clip named in the uploader's metadata.
 * A clip starting again drops its earlier upload and the parts it had received.
 */
export async function startMediaMultipart(workspaceId: string, input: { mediaId: string; type: string }) {
  const row = await findUploadingMedia(workspaceId, { mediaId: input.mediaId });
  assertDeclaredType(row.kind, input.type);
  const storage = getStorage();
  if (row.uploadId) await storage.abortMultipart(row.sourceKey, row.uploadId);
  const uploadId = await storage.createMultipart(row.sourceKey, input.type);
  await db
    .update(media)
    .set({ uploadId })
    .where(and(eq(media.id, row.id), eq(media.status, "uploading")));
  return { uploadId, key: row.sourceKey };
}
