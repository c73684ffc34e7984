import "server-only";
import { getStorage } from "@/lib/storage/get-storage";
import { findMultipartMedia } from "./find-uploading-media";

/** GET s3/multipart/{uploadId}?key=: the parts received so far, as S3's ListParts names them. */
export async function listMediaParts(workspaceId: string, key: string, uploadId: string) {
  const row = await findMultipartMedia(workspaceId, key, uploadId);
  const parts = await getStorage().listParts(row.sourceKey, uploadId);
  return parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: p.size }));
}
