import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { CLIPS, describeClip, makeClip } from "../../support/media-clips";
import { mediaRow, uploadedClip } from "../../support/media-rows";
import { createSignedInUser } from "../../support/users";

// A small cap stands in for WhatsApp's 16 MB, so a few seconds of hard-to-compress video exceed it.
const { WHATSAPP_CAP } = vi.hoisted(() => ({ WHATSAPP_CAP: 150_000 }));
vi.mock("@/config/media", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/config/media")>()),
  WHATSAPP_VIDEO_MAX_BYTES: WHATSAPP_CAP,
}));

const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
const clipDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-clips-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

const { processMedia } = await import("@/lib/media/process-media");
const { getLocalStorage } = await import("@/lib/storage/get-storage");
const objectFile = (key: string) => getLocalStorage()!.pathOf(key);

let userId: string;
beforeAll(async () => {
  userId = (await createSignedInUser({ planType: "business" })).user.id;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(clipDir, { recursive: true, force: true });
});

it("a video whose playback file is over the cap gets a smaller WhatsApp copy, counted in its storage", async () => {
  const id = await uploadedClip(
    userId,
    "video",
    await makeClip(clipDir, "noisy.mp4", CLIPS.noisyVideoMp4(3)),
  );
  expect(await processMedia(id, { lastAttempt: false })).toBe("ready");
  const row = await mediaRow(id);
  expect(row.playbackBytes).toBeGreaterThan(WHATSAPP_CAP);
  expect(row.whatsappKey).toBe(`media/${id}/whatsapp.mp4`);
  const copy = await readFile(objectFile(row.whatsappKey!));
  expect(copy.length).toBe(row.whatsappBytes);
  expect(copy.length).toBeLessThanOrEqual(WHATSAPP_CAP);
  const described = await describeClip(objectFile(row.whatsappKey!));
  expect(described.video).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p" });
  expect(described.audio).toMatchObject({ codec_name: "aac" });
  const poster = await readFile(objectFile(row.posterKey!));
  expect(row.storedBytes).toBe(row.sourceBytes! + row.playbackBytes! + poster.length + copy.length);
}, 60_000);

it("a video too long for any watchable copy under the cap has none: delivery sends the link", async () => {
  const id = await uploadedClip(
    userId,
    "video",
    await makeClip(clipDir, "long-noisy.mp4", CLIPS.noisyVideoMp4(6)),
  );
  expect(await processMedia(id, { lastAttempt: false })).toBe("ready");
  const row = await mediaRow(id);
  expect(row.playbackBytes).toBeGreaterThan(WHATSAPP_CAP);
  expect(row).toMatchObject({ status: "ready", whatsappKey: null, whatsappBytes: null });
  await expect(readFile(objectFile(`media/${id}/whatsapp.mp4`))).rejects.toThrow(/ENOENT/);
}, 60_000);
