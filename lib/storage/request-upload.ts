import "server-only";
import { storedObjects } from "@/db/schema";
import { db } from "@/lib/db";
import { getStorage } from "./get-storage";
import { UPLOAD_URL_TTL_SECONDS, uploadKeyOf } from "./object-path";

/** POST /api/objects/upload: a pending object row and a signed URL for one PUT of its bytes. */
export async function requestUpload(workspaceId: string, origin?: string) {
  const id = crypto.randomUUID();
  const key = uploadKeyOf(id);
  await db.insert(storedObjects).values({ id, workspaceId: workspaceId, key, status: "pending" });
  const uploadURL = await getStorage().createUploadUrl(key, UPLOAD_URL_TTL_SECONDS, origin);
  return { uploadURL };
}
