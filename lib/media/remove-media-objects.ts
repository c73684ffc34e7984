import "server-only";
import type { Media } from "@/db/schema";
import { getStorage } from "@/lib/storage/get-storage";
import { mediaPrefix } from "./media-keys";

/** Drops a clip's multipart upload under way, if any, and every object under `media/<id>/`. */
export async function removeMediaObjects(row: Pick<Media, "id" | "sourceKey" | "uploadId">) {
  const storage = getStorage();
  if (row.uploadId) await storage.abortMultipart(row.sourceKey, row.uploadId);
  for await (const { key } of storage.listKeys(mediaPrefix(row.id))) await storage.remove(key);
}
