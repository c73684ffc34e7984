import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadMediaUploadClient, tempFile, type MediaUploadSuiteOptions } from "./media-upload-client";

/**
 * Cases the store under test cannot answer (s3rver has no ListParts or AbortMultipartUpload and
 * accepts any ETag) are not declared for it at all; the local store runs them.
 */
const noTest = (..._args: Parameters<typeof it>) => undefined;

export type { MediaUploadSuiteOptions };

const MiB = 1024 * 1024;

/**
 * The size range a one-request form is signed for: an S3 POST policy's `content-length-range`
 * condition (decoded from its base64 JSON), or the local store's signed `max-bytes` field.
 */
function signedSizeRange(fields: Record<string, string>): [number, number] | null {
  if (fields.Policy) {
    const policy = JSON.parse(Buffer.from(fields.Policy, "base64").toString("utf8")) as {
      conditions: unknown[];
    };
    const range = policy.conditions.find((c) => Array.isArray(c) && c[0] === "content-length-range");
    return Array.isArray(range) ? [Number(range[1]), Number(range[2])] : null;
  }
  return fields["max-bytes"] ? [1, Number(fields["max-bytes"])] : null;
}

/**
 * The upload routes against either store: the uploader's calls in the order @uppy/aws-s3 makes
 * them. App modules are imported lazily so each file can point lib/env at its own store first.
 */
export function mediaUploadSuite(options: MediaUploadSuiteOptions) {
  const load = () => loadMediaUploadClient(options);

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

    (options.fullMultipart ? it : noTest)(
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

    (options.fullMultipart ? it : noTest)(
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

    (options.fullMultipart ? it : noTest)(
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

      // Stored as declared, but the storage left shrank meanwhile (personal: 1,000 MB).
      const personal = await t.createSignedInUser({ planType: "personal" });
      const small = await t.newClip("voice", 5000, personal.cookie);
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
      const form = await t.params(small.id, "audio/webm", personal.cookie);
      expect(
        await options.postForm(form.json.url, form.json.fields, randomBytes(5000), "audio/webm"),
      ).toBeLessThan(300);
      const over = await t.uploaded(small.id, personal.cookie);
      expect([over.status, over.json.code]).toEqual([403, "media_storage_full"]);
      expect((await t.row(small.id)).status).toBe("failed");
      expect(await t.storage.size(small.key)).toBeNull();
    });

    it("binds the declared size: the one-request form allows no more, and a larger file fails the clip", async () => {
      const t = await load();
      const declared = 1000;
      const clip = await t.newClip("voice", declared);
      const form = await t.params(clip.id, "audio/webm");
      expect(form.status).toBe(200);
      expect(signedSizeRange(form.json.fields)).toEqual([1, declared]);
      const posted = await options.postForm(
        form.json.url,
        form.json.fields,
        randomBytes(declared * 3),
        "audio/webm",
      );
      if (options.enforcesPostPolicy) {
        // Refused by the store itself, before anything is written.
        expect(posted).toBe(413);
        expect(await t.storage.size(clip.key)).toBeNull();
        expect((await t.row(clip.id)).status).toBe("uploading");
        expect(
          await options.postForm(form.json.url, form.json.fields, randomBytes(declared), "audio/webm"),
        ).toBeLessThan(300);
      } else {
        // The store kept it (s3rver ignores policies): marking it uploaded refuses it.
        const marked = await t.uploaded(clip.id);
        expect([marked.status, marked.json.code]).toEqual([413, "media_too_large"]);
        expect(await t.row(clip.id)).toMatchObject({
          status: "failed",
          failureReason: "media_too_large",
          storedBytes: 0,
        });
        expect(await t.storage.size(clip.key)).toBeNull();
        expect(await t.jobQueued(clip.id)).toBe(false);
      }

      // In parts the store cannot check the total: completing more than was declared fails the clip.
      const parts = await t.newClip("video", 100);
      const { uploadId, etags } = await t.sendParts(parts, [randomBytes(3000)]);
      const done = await t.complete(uploadId, parts.key, [{ PartNumber: 1, ETag: etags[0] }]);
      expect([done.status, done.json.code]).toEqual([413, "media_too_large"]);
      expect(await t.row(parts.id)).toMatchObject({
        status: "failed",
        failureReason: "media_too_large",
        storedBytes: 0,
      });
      expect(await t.storage.size(parts.key)).toBeNull();
      expect(await t.jobQueued(parts.id)).toBe(false);
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
