import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";

export interface MediaUploadSuiteOptions {
  driver: "s3" | "local";
  /** PUTs a part to a signed part URL the way the browser does: its status and ETag header. */
  putPart(url: string, bytes: Uint8Array): Promise<{ status: number; etag: string | null }>;
  /** Sends a POST policy form (`fields`, then `file`): the status. */
  postForm(url: string, fields: Record<string, string>, bytes: Uint8Array, type: string): Promise<number>;
  /**
   * Whether the store implements ListParts, AbortMultipartUpload and CompleteMultipartUpload's
   * ETag check (s3rver 3.7 does not; AWS S3, R2 and MinIO do).
   */
  fullMultipart: boolean;
  /**
   * Whether the store refuses a POST form outside its policy's `content-length-range` (AWS S3
   * answers 400 EntityTooLarge, the local store 413; s3rver 3.7 ignores policies).
   */
  enforcesPostPolicy: boolean;
}

/**
 * The uploader's calls to the app, in the order @uppy/aws-s3 makes them, for a signed-in owner on
 * the Starter plan. App modules are imported lazily so each file can point lib/env at its own store.
 */
export async function loadMediaUploadClient(options: MediaUploadSuiteOptions) {
  const [
    { callRoute },
    { createSignedInUser },
    mediaRoute,
    mediaIdRoute,
    uploadedRoute,
    multipartRoute,
    uploadRoute,
    partRoute,
    completeRoute,
    paramsRoute,
    { db, pool },
    schema,
    { eq },
    storage,
  ] = await Promise.all([
    import("./call-route"),
    import("./users"),
    import("@/app/api/media/route"),
    import("@/app/api/media/[id]/route"),
    import("@/app/api/media/[id]/uploaded/route"),
    import("@/app/api/uploads/s3/multipart/route"),
    import("@/app/api/uploads/s3/multipart/[uploadId]/route"),
    import("@/app/api/uploads/s3/multipart/[uploadId]/[partNumber]/route"),
    import("@/app/api/uploads/s3/multipart/[uploadId]/complete/route"),
    import("@/app/api/uploads/s3/params/route"),
    import("@/lib/db"),
    import("@/db/schema"),
    import("drizzle-orm"),
    import("@/lib/storage/get-storage"),
  ]);
  await (await import("./job-queue")).ensureJobQueue();
  const owner = await createSignedInUser({ planType: "starter" });
  const createMedia = (body: Record<string, unknown>, cookie = owner.cookie) =>
    callRoute(mediaRoute.POST, "/api/media", { method: "POST", cookie, body });
  const newClip = async (kind: "voice" | "video", size: number, cookie = owner.cookie) => {
    const type = kind === "voice" ? "audio/webm" : "video/webm;codecs=vp9,opus";
    const res = await createMedia({ kind, filename: `clip.webm`, type, size }, cookie);
    expect(res.status).toBe(201);
    const id = String((res.json.media as { id: string }).id);
    return { id, type, key: `media/${id}/source` };
  };
  const start = (mediaId: string, type: string, cookie = owner.cookie) =>
    callRoute<{ uploadId: string; key: string }>(multipartRoute.POST, "/api/uploads/s3/multipart", {
      method: "POST",
      cookie,
      body: { filename: "clip.webm", type, metadata: { mediaId } },
    });
  const signPart = (uploadId: string, partNumber: number, key: string, cookie = owner.cookie) =>
    callRoute<{ url: string; expires: number }>(
      partRoute.GET,
      `/api/uploads/s3/multipart/${uploadId}/${partNumber}`,
      {
        cookie,
        params: { uploadId, partNumber: String(partNumber) },
        query: { key },
      },
    );
  const listParts = (uploadId: string, key: string, cookie = owner.cookie) =>
    callRoute<{ PartNumber: number; ETag: string; Size: number }[]>(
      uploadRoute.GET,
      `/api/uploads/s3/multipart/${uploadId}`,
      {
        cookie,
        params: { uploadId },
        query: { key },
      },
    );
  const abort = (uploadId: string, key: string, cookie = owner.cookie) =>
    callRoute(uploadRoute.DELETE, `/api/uploads/s3/multipart/${uploadId}`, {
      method: "DELETE",
      cookie,
      params: { uploadId },
      query: { key },
    });
  const complete = (
    uploadId: string,
    key: string,
    parts: { PartNumber: number; ETag: string }[],
    cookie = owner.cookie,
  ) =>
    callRoute(completeRoute.POST, `/api/uploads/s3/multipart/${uploadId}/complete`, {
      method: "POST",
      cookie,
      params: { uploadId },
      query: { key },
      body: { parts },
    });
  const params = (mediaId: string, type: string, cookie = owner.cookie) =>
    callRoute<{
      method: string;
      url: string;
      fields: Record<string, string>;
      headers: Record<string, string>;
    }>(paramsRoute.GET, "/api/uploads/s3/params", {
      cookie,
      query: { filename: "clip.webm", type, "metadata[mediaId]": mediaId, "metadata[name]": "clip.webm" },
    });
  const uploaded = (id: string, cookie = owner.cookie) =>
    callRoute(uploadedRoute.POST, `/api/media/${id}/uploaded`, { method: "POST", cookie, params: { id } });
  const getMedia = (id: string, cookie = owner.cookie) =>
    callRoute(mediaIdRoute.GET, `/api/media/${id}`, { cookie, params: { id } });
  const deleteMedia = (id: string, cookie = owner.cookie) =>
    callRoute(mediaIdRoute.DELETE, `/api/media/${id}`, { method: "DELETE", cookie, params: { id } });
  const row = async (id: string) => (await db.select().from(schema.media).where(eq(schema.media.id, id)))[0];
  const jobQueued = async (id: string) =>
    (await pool.query(`select 1 from graphile_worker.jobs where key = $1`, [`process-media:${id}`]))
      .rowCount === 1;
  const read = async (key: string) => {
    const stream = await storage.getStorage().open(key);
    return Buffer.from(await new Response(stream).arrayBuffer());
  };
  /** Starts a multipart upload and sends each part once: the ETags answered. */
  const sendParts = async (clip: { id: string; type: string; key: string }, parts: Uint8Array[]) => {
    const started = await start(clip.id, clip.type);
    expect(started.status).toBe(200);
    expect(started.json.key).toBe(clip.key);
    const { uploadId } = started.json;
    const etags: string[] = [];
    for (const [index, bytes] of parts.entries()) {
      const signed = await signPart(uploadId, index + 1, clip.key);
      expect(signed.status).toBe(200);
      const put = await options.putPart(signed.json.url, bytes);
      expect(put.status).toBe(200);
      expect(put.etag).toBeTruthy();
      etags.push(put.etag ?? "");
    }
    return { uploadId, etags };
  };
  return {
    owner,
    createSignedInUser,
    createMedia,
    newClip,
    start,
    signPart,
    listParts,
    abort,
    complete,
    params,
    uploaded,
    getMedia,
    deleteMedia,
    row,
    jobQueued,
    read,
    sendParts,
    storage: storage.getStorage(),
    db,
    schema,
  };
}

/** A file on disk with these bytes (putFile reads from disk). */
export async function tempFile(bytes: Uint8Array) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "remindful-media-"));
  const file = path.join(dir, "file");
  await writeFile(file, bytes);
  setTimeout(() => void rm(dir, { recursive: true, force: true }), 60_000).unref();
  return file;
}
