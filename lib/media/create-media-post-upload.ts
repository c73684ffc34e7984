import "server-only";
import { MEDIA_LIMITS, UPLOAD_PROTOCOL } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { getStorage } from "@/lib/storage/get-storage";
import { findUploadingMedia } from "./find-uploading-media";
import { assertDeclaredType } from "./start-media-multipart";

/**
 * GET s3/params: the signed form of a one-request upload (an S3 POST policy) of the clip named
 * in the uploader's metadata. The store itself refuses a file over the kind's limit.
 */
export async function createMediaPostUpload(
  workspaceId: string,
  input: { mediaId: string; type: string; origin?: string },
) {
  const row = await findUploadingMedia(workspaceId, { mediaId: input.mediaId });
  assertDeclaredType(row.kind, input.type);
  const { url, fields } = await getStorage().createPostUpload(row.sourceKey, {
    contentType: input.type,
    maxBytes: MEDIA_LIMITS[row.kind as MediaKind].maxBytes,
    expiresInSeconds: UPLOAD_PROTOCOL.signedUrlExpirySeconds,
    origin: input.origin,
  });
  return { method: "POST" as const, url, fields, headers: {} };
}
