import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MiB = 1024 * 1024;

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
}

/**
 * The upload routes against either store: the uploader's calls in the order @uppy/aws-s3 makes
 * them. App modules are imported lazily so each file can point lib/env at its own store first.
 */
export function mediaUploadSuite(options: MediaUploadSuiteOptions) {
  const load = async () => {
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
        body: { filename: "clip.webm", type, metadata: { mediaId, name: "clip.webm" } },
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
    const row = async (id: string) =>
      (await db.select().from(schema.media).where(eq(schema.media.id, id)))[0];
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
  };

  describe(`media uploads (${options.driver} store)`, () => {
    it("uploads in parts, a part sent twice, and completes into one object queued for processing", async () => {
      const t = await load();
      expect(t.storage.kind).toBe(options.driver);
      const first = randomBytes(5 * MiB);
      const second = randomBytes(1000);
      const clip = await t.newClip("video", first.length + second.length);
      const { uploadId, etags } = await t.sendParts(clip, [first, randomBytes(1000)]);
      // The part sent again replaces the first attempt.
      const again = await t.signPart(uploadId, 2, clip.key);
      const retried = await options.putPart(again.json.url, second);
      expect(retried.status).toBe(200);
      expect(retried.etag).not.toBe(etags[1]);
      if (options.fullMultipart) {
        const listed = await t.listParts(uploadId, clip.key);
        expect(listed.status).toBe(200);
        expect(listed.json.map((p) => [p.PartNumber, p.ETag.replace(/"/g, ""), p.Size])).toEqual([
          [1, etags[0].replace(/"/g, ""), first.length],
          [2, String(retried.etag).replace(/"/g, ""), second.length],
        ]);
      }
      const done = await t.complete(uploadId, clip.key, [
        { PartNumber: 1, ETag: etags[0] },
        { PartNumber: 2, ETag: String(retried.etag) },
      ]);
      expect(done.status).toBe(200);
      expect(done.json).toMatchObject({ location: `/api/media/${clip.id}`, key: clip.key });
      expect(Buffer.compare(await t.read(clip.key), Buffer.concat([first, second]))).toBe(0);
      expect(await t.row(clip.id)).toMatchObject({
        status: "processing",
        sourceBytes: first.length + second.length,
        storedBytes: first.length + second.length,
        uploadId: null,
      });
      expect(await t.jobQueued(clip.id)).toBe(true);
      // Marking it uploaded again changes nothing.
      const twice = await t.uploaded(clip.id);
      expect(twice.status).toBe(200);
      expect((twice.json.media as { status: string }).status).toBe("processing");
    });

    it("uploads a small clip in one signed POST and marks it uploaded", async () => {
      const t = await load();
      const bytes = randomBytes(2048);
      const clip = await t.newClip("voice", bytes.length);
      const form = await t.params(clip.id, "audio/webm");
      expect(form.status).toBe(200);
      expect(form.json.method).toBe("POST");
      expect(form.json.fields.key).toBe(clip.key);
      expect(form.json.headers).toEqual({});
      expect(await options.postForm(form.json.url, form.json.fields, bytes, "audio/webm")).toBeLessThan(300);
      expect(Buffer.compare(await t.read(clip.key), bytes)).toBe(0);
      const res = await t.uploaded(clip.id);
      expect(res.status).toBe(200);
      expect((res.json.media as { status: string }).status).toBe("processing");
      expect(await t.jobQueued(clip.id)).toBe(true);
      expect((await t.getMedia(clip.id)).json.media).toMatchObject({
        id: clip.id,
        kind: "voice",
        status: "processing",
      });
    });

    it.runIf(options.fullMultipart)(
      "refuses a completion that names a part never sent, and marks nothing",
      async () => {
        const t = await load();
        const clip = await t.newClip("video", 5 * MiB + 10);
        const { uploadId, etags } = await t.sendParts(clip, [randomBytes(5 * MiB), randomBytes(10)]);
        const res = await t.complete(uploadId, clip.key, [
          { PartNumber: 1, ETag: etags[0] },
          { PartNumber: 3, ETag: etags[1] },
        ]);
        expect(res.status).toBe(400);
        expect(res.json.code).toBe("upload_incomplete");
        expect(await t.row(clip.id)).toMatchObject({ status: "uploading", uploadId });
        expect(await t.storage.size(clip.key)).toBeNull();
        expect(await t.jobQueued(clip.id)).toBe(false);
      },
    );

    it.runIf(options.fullMultipart)(
      "refuses a completion with wrong ETags, then completes with the right ones",
      async () => {
        const t = await load();
        const clip = await t.newClip("video", 5 * MiB + 10);
        const { uploadId, etags } = await t.sendParts(clip, [randomBytes(5 * MiB), randomBytes(10)]);
        const wrong = await t.complete(uploadId, clip.key, [
          { PartNumber: 1, ETag: etags[0] },
          { PartNumber: 2, ETag: '"0123456789abcdef0123456789abcdef"' },
        ]);
        expect(wrong.status).toBe(400);
        expect(wrong.json.code).toBe("upload_incomplete");
        expect(await t.row(clip.id)).toMatchObject({ status: "uploading" });
        expect(await t.storage.size(clip.key)).toBeNull();
        const right = await t.complete(uploadId, clip.key, [
          { PartNumber: 1, ETag: etags[0] },
          { PartNumber: 2, ETag: etags[1] },
        ]);
        expect(right.status).toBe(200);
      },
    );

    it.runIf(options.fullMultipart)(
      "aborts an upload: its parts are gone and the clip may start again",
      async () => {
        const t = await load();
        const clip = await t.newClip("video", 100);
        const { uploadId } = await t.sendParts(clip, [randomBytes(100)]);
        const res = await t.abort(uploadId, clip.key);
        expect(res.status).toBe(200);
        expect((await t.row(clip.id)).uploadId).toBeNull();
        expect((await t.listParts(uploadId, clip.key)).status).toBe(404);
        expect((await t.signPart(uploadId, 1, clip.key)).status).toBe(404);
        const again = await t.sendParts(clip, [randomBytes(100)]);
        expect(again.uploadId).not.toBe(uploadId);
      },
    );

    it("answers 404 on every upload route for someone else's clip or key, and for a clip no longer uploading", async () => {
      const t = await load();
      const clip = await t.newClip("video", 100);
      const { uploadId, etags } = await t.sendParts(clip, [randomBytes(100)]);
      const stranger = await t.createSignedInUser({ planType: "starter" });
      const as = stranger.cookie;
      expect((await t.start(clip.id, clip.type, as)).status).toBe(404);
      expect((await t.signPart(uploadId, 1, clip.key, as)).status).toBe(404);
      expect((await t.listParts(uploadId, clip.key, as)).status).toBe(404);
      expect((await t.complete(uploadId, clip.key, [{ PartNumber: 1, ETag: etags[0] }], as)).status).toBe(
        404,
      );
      expect((await t.abort(uploadId, clip.key, as)).status).toBe(404);
      expect((await t.params(clip.id, clip.type, as)).status).toBe(404);
      expect((await t.uploaded(clip.id, as)).status).toBe(404);
      expect((await t.getMedia(clip.id, as)).status).toBe(404);
      expect((await t.deleteMedia(clip.id, as)).status).toBe(404);
      // A key outside media/<id>/source, or the clip's key with another upload id.
      expect((await t.signPart(uploadId, 1, "uploads/x")).status).toBe(404);
      expect((await t.signPart("not-the-upload", 1, clip.key)).status).toBe(404);
      expect((await t.row(clip.id)).status).toBe("uploading");
      // Once completed, the upload routes no longer know it.
      expect((await t.complete(uploadId, clip.key, [{ PartNumber: 1, ETag: etags[0] }])).status).toBe(200);
      expect((await t.signPart(uploadId, 1, clip.key)).status).toBe(404);
      expect((await t.params(clip.id, clip.type)).status).toBe(404);
    });

    it("refuses over the limit, the wrong type, a plan without video and a full storage", async () => {
      const t = await load();
      const tooBig = await t.createMedia({
        kind: "voice",
        filename: "a.webm",
        type: "audio/webm",
        size: 50_000_001,
      });
      expect([tooBig.status, tooBig.json.code]).toEqual([413, "media_too_large"]);
      const empty = await t.createMedia({ kind: "voice", filename: "a.webm", type: "audio/webm", size: 0 });
      expect([empty.status, empty.json.code]).toEqual([400, "media_empty"]);
      const pdf = await t.createMedia({
        kind: "video",
        filename: "a.pdf",
        type: "application/pdf",
        size: 10,
      });
      expect([pdf.status, pdf.json.code]).toEqual([415, "media_type_unsupported"]);

      const personal = await t.createSignedInUser({ planType: "personal" });
      const video = await t.createMedia(
        { kind: "video", filename: "a.webm", type: "video/webm", size: 10 },
        personal.cookie,
      );
      expect([video.status, video.json.code]).toEqual([403, "media_kind_not_in_plan"]);
      const free = await t.createSignedInUser({ planType: "free" });
      const voice = await t.createMedia(
        { kind: "voice", filename: "a.webm", type: "audio/webm", size: 10 },
        free.cookie,
      );
      expect([voice.status, voice.json.code]).toEqual([403, "media_kind_not_in_plan"]);

      // Personal stores 1,000 MB: 999.99 MB in use leaves no room for 20 kB.
      await t.db.insert(t.schema.media).values({
        userId: personal.user.id,
        kind: "voice",
        status: "processing",
        filename: "old.webm",
        sourceKey: `media/${crypto.randomUUID()}/source`,
        storedBytes: 999_990_000,
      });
      const full = await t.createMedia(
        { kind: "voice", filename: "a.webm", type: "audio/webm", size: 20_000 },
        personal.cookie,
      );
      expect([full.status, full.json.code]).toEqual([403, "media_storage_full"]);
      const fits = await t.createMedia(
        { kind: "voice", filename: "a.webm", type: "audio/webm", size: 10_000 },
        personal.cookie,
      );
      expect(fits.status).toBe(201);
      // The upload under way holds its declared size: nothing else fits now.
      const next = await t.createMedia(
        { kind: "voice", filename: "b.webm", type: "audio/webm", size: 1 },
        personal.cookie,
      );
      expect(next.json.code).toBe("media_storage_full");

      // The uploader cannot switch the kind's type either.
      const clip = await t.newClip("voice", 100);
      expect((await t.start(clip.id, "video/mp4")).status).toBe(415);
      expect((await t.params(clip.id, "application/pdf")).status).toBe(415);
    });

    it("checks the stored size when marked uploaded: nothing stored, an empty object, more than the storage left", async () => {
      const t = await load();
      const clip = await t.newClip("voice", 100);
      const nothing = await t.uploaded(clip.id);
      expect([nothing.status, nothing.json.code]).toEqual([400, "upload_incomplete"]);
      expect((await t.row(clip.id)).status).toBe("uploading");

      // An empty part makes an empty object: refused, removed, the clip failed with the reason.
      const { uploadId, etags } = await t.sendParts(clip, [new Uint8Array(0)]);
      const empty = await t.complete(uploadId, clip.key, [{ PartNumber: 1, ETag: etags[0] }]);
      expect([empty.status, empty.json.code]).toEqual([400, "media_empty"]);
      expect(await t.row(clip.id)).toMatchObject({
        status: "failed",
        failureReason: "media_empty",
        storedBytes: 0,
      });
      expect(await t.storage.size(clip.key)).toBeNull();
      expect(await t.jobQueued(clip.id)).toBe(false);

      // Declared small, stored larger than the storage left (personal: 1,000 MB).
      const personal = await t.createSignedInUser({ planType: "personal" });
      await t.db.insert(t.schema.media).values({
        userId: personal.user.id,
        kind: "voice",
        status: "ready",
        filename: "old.webm",
        sourceKey: `media/${crypto.randomUUID()}/source`,
        playbackKey: "x",
        durationMs: 1000,
        storedBytes: 999_999_000,
      });
      const small = await t.newClip("voice", 10, personal.cookie);
      const form = await t.params(small.id, "audio/webm", personal.cookie);
      expect(
        await options.postForm(form.json.url, form.json.fields, randomBytes(5000), "audio/webm"),
      ).toBeLessThan(300);
      const over = await t.uploaded(small.id, personal.cookie);
      expect([over.status, over.json.code]).toEqual([403, "media_storage_full"]);
      expect((await t.row(small.id)).status).toBe("failed");
      expect(await t.storage.size(small.key)).toBeNull();
    });

    it("deletes a clip mid-upload: the upload is dropped, the objects and the row are gone", async () => {
      const t = await load();
      const clip = await t.newClip("video", 100);
      if (options.fullMultipart) await t.sendParts(clip, [randomBytes(100)]);
      await t.storage.putFile(`media/${clip.id}/poster.jpg`, await tempFile(randomBytes(10)), "image/jpeg");
      const res = await t.deleteMedia(clip.id);
      expect(res.status).toBe(204);
      expect(await t.row(clip.id)).toBeUndefined();
      expect(await t.storage.size(`media/${clip.id}/poster.jpg`)).toBeNull();
      expect((await t.getMedia(clip.id)).status).toBe(404);
    });

    it("stores a file, reads ranges of it and lists it (putFile, openRange, listKeys)", async () => {
      const t = await load();
      const id = crypto.randomUUID();
      const bytes = Buffer.from("0123456789");
      await t.storage.putFile(`media/${id}/playback.mp3`, await tempFile(bytes), "audio/mpeg");
      const range = async (start: number, end: number) => {
        const stream = await t.storage.openRange(`media/${id}/playback.mp3`, start, end);
        return stream ? Buffer.from(await new Response(stream).arrayBuffer()).toString() : null;
      };
      expect(await range(2, 5)).toBe("2345");
      expect(await range(8, 100)).toBe("89");
      expect(await t.storage.openRange(`media/${id}/poster.jpg`, 0, 1)).toBeNull();
      const listed = [];
      for await (const entry of t.storage.listKeys(`media/${id}/`)) listed.push(entry);
      expect(listed.map((e) => e.key)).toEqual([`media/${id}/playback.mp3`]);
      expect(Math.abs(listed[0].modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    });
  });
}

async function tempFile(bytes: Uint8Array) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "remindful-media-"));
  const file = path.join(dir, "file");
  await writeFile(file, bytes);
  setTimeout(() => void rm(dir, { recursive: true, force: true }), 60_000).unref();
  return file;
}
