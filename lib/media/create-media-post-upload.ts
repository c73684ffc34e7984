import "server-only";
import { UPLOAD_PROTOCOL } from "@/config/media";
import { getStorage } from "@/lib/storage/get-storage";
import { declaredMaxBytes } from "./check-media-upload";
import { findUploadingMedia } from "./find-uploading-media";
import { assertDeclaredType } from "./start-media-multipart";

/**
 * GET s3/params: the signed form of a one-request upload (an S3 POST policy) of the clip named
 * in the uploader's metadata. The store itself refuses a file larger than the size declared for
 * the clip (which the kind's limit and the storage left already allowed), so a small declaration
 * cannot carry a large file past the allowance.
 */
export async function createMediaPostUpload(
  userId: string,
  input: { mediaId: string; type: string; origin?: string },
) {
  const row = await findUploadingMedia(userId, { mediaId: input.mediaId });
  assertDeclaredType(row.kind, input.type);
  const { url, fields } = await getStorage().createPostUpload(row.sourceKey, {
    contentType: input.type,
    maxBytes: declaredMaxBytes(row),
    expiresInSeconds: UPLOAD_PROTOCOL.signedUrlExpirySeconds,
    origin: input.origin,
  });
  return { method: "POST" as const, url, fields, headers: {} };
}
