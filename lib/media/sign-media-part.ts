import "server-only";
import { UPLOAD_PROTOCOL } from "@/config/media";
import { invalidInput } from "@/lib/errors/domain-error";
import { getStorage } from "@/lib/storage/get-storage";
import { findMultipartMedia } from "./find-uploading-media";
import { isPartNumber } from "./upload-parameters";

/** GET s3/multipart/{uploadId}/{partNumber}?key=: a signed URL the browser PUTs that part to. */
export async function signMediaPart(
  workspaceId: string,
  input: { key: string; uploadId: string; partNumber: number; origin?: string },
) {
  if (!isPartNumber(input.partNumber))
    throw invalidInput(`Part numbers go from 1 to ${UPLOAD_PROTOCOL.maxParts}`);
  const row = await findMultipartMedia(workspaceId, input.key, input.uploadId);
  const expires = UPLOAD_PROTOCOL.signedUrlExpirySeconds;
  const url = await getStorage().signPartUrl(
    row.sourceKey,
    input.uploadId,
    input.partNumber,
    expires,
    input.origin,
  );
  return { url, expires };
}
