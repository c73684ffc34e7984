import { mkdtempSync } from "node:fs";
import { readFile, rm, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_LIMITS, WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { CLIPS, describeClip, makeClip } from "../../support/media-clips";
import { mediaRow, uploadedClip } from "../../support/media-rows";
import { createSignedInUser } from "../../support/users";

// The local store under a fresh DATA_DIR; clips are made here with the packaged ffmpeg.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
const clipDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-clips-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

const { processMedia } = await import("@/lib/media/process-media");
const { getLocalStorage } = await import("@/lib/storage/get-storage");

let userId: string;
beforeAll(async () => {
  userId = (await createSignedInUser({ planType: "business" })).user.id;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(clipDir, { recursive: true, force: true });
});

const objectFile = (key: string) => getLocalStorage()!.pathOf(key);
const stored = async (id: string) =>
  await readFile(objectFile(`media/${id}/source`))
    .then(() => true)
    .catch(() => false);

async function processClip(kind: MediaKind, file: string) {
  const id = await uploadedClip(userId, kind, file);
  const outcome = await processMedia(id, { lastAttempt: false });
  return { id, outcome, row: await mediaRow(id) };
}

describe("clips as each browser records them", () => {
  it.each([
    ["Chrome and Firefox (WebM, Opus, no duration in the header)", "voice.webm", CLIPS.voiceWebm()],
    ["Safari (fragmented MP4, AAC)", "voice.mp4", CLIPS.voiceMp4()],
    ["a phone's own M4A file", "voice.m4a", CLIPS.voiceM4a()],
    ["older Firefox (Ogg, Opus)", "voice.ogg", CLIPS.voiceOgg()],
  ])("voice from %s becomes an MP3 with its duration", async (_browser, name, args) => {
    const { id, outcome, row } = await processClip("voice", await makeClip(clipDir, name, args));
    expect(outcome).toBe("ready");
    expect(row).toMatchObject({
      status: "ready",
      failureReason: null,
      playbackKey: `media/${id}/playback.mp3`,
      playbackType: "audio/mpeg",
      posterKey: null,
      whatsappKey: null,
    });
    expect(row.durationMs).toBeGreaterThan(2_800);
    expect(row.durationMs).toBeLessThan(3_300);
    expect(row.readyAt).toBeInstanceOf(Date);
    const mp3 = await describeClip(objectFile(row.playbackKey!));
    expect(mp3).toMatchObject({ format: "mp3", audio: { codec_name: "mp3" }, video: undefined });
    expect(row.playbackBytes).toBe((await readFile(objectFile(row.playbackKey!))).length);
    // The source stays, and every stored byte counts.
    expect(row.storedBytes).toBe(row.sourceBytes! + row.playbackBytes!);
  });

  it.each([
    ["Chrome and Firefox (WebM, VP8, Opus)", "video.webm", CLIPS.videoWebm(3, "640x480"), [640, 480]],
    [
      "Safari (fragmented MP4, H.264, AAC) at 1080p",
      "video.mp4",
      CLIPS.videoMp4(3, "1920x1080"),
      [1280, 720],
    ],
    ["a phone held upright, odd sizes", "upright.webm", CLIPS.videoWebm(3, "721x1283"), [720, 1282]],
    ["an iPhone's own file (QuickTime, HEVC, AAC)", "iphone.mov", CLIPS.iphoneMov(3), [640, 480]],
  ])(
    "video from %s becomes a faststart H.264/AAC MP4 of at most 720p with a poster",
    async (_browser, name, args, [width, height]) => {
      const { id, outcome, row } = await processClip("video", await makeClip(clipDir, name, args));
      expect(outcome).toBe("ready");
      expect(row).toMatchObject({
        status: "ready",
        playbackKey: `media/${id}/playback.mp4`,
        playbackType: "video/mp4",
        posterKey: `media/${id}/poster.jpg`,
        // Small enough for WhatsApp: the playback file itself is sent.
        whatsappKey: `media/${id}/playback.mp4`,
        whatsappBytes: row.playbackBytes,
      });
      expect(row.durationMs).toBeGreaterThan(2_800);
      expect(row.durationMs).toBeLessThan(3_300);
      const mp4 = await describeClip(objectFile(row.playbackKey!));
      expect(mp4.format).toContain("mp4");
      expect(mp4.video).toMatchObject({ codec_name: "h264", pix_fmt: "yuv420p", width, height });
      expect(mp4.audio).toMatchObject({ codec_name: "aac" });
      // +faststart: the index (moov) comes before the media data, so playback starts at once.
      const bytes = await readFile(objectFile(row.playbackKey!));
      expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
      const poster = await readFile(objectFile(row.posterKey!));
      expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(row.playbackBytes).toBeLessThanOrEqual(WHATSAPP_VIDEO_MAX_BYTES);
      expect(row.storedBytes).toBe(row.sourceBytes! + row.playbackBytes! + poster.length);
    },
    60_000,
  );

  it("a video without sound is still a video", async () => {
    const { outcome, row } = await processClip(
      "video",
      await makeClip(clipDir, "silent.mp4", CLIPS.silentVideoMp4()),
    );
    expect(outcome).toBe("ready");
    const mp4 = await describeClip(objectFile(row.playbackKey!));
    expect(mp4.video).toMatchObject({ codec_name: "h264" });
    expect(mp4.audio).toBeUndefined();
  });
});

describe("refused inputs: a reason the user reads, no bytes kept", () => {
  async function refused(kind: MediaKind, file: string, reason: string) {
    const { id, outcome, row } = await processClip(kind, file);
    expect(outcome).toBe("failed");
    expect(row).toMatchObject({
      status: "failed",
      failureReason: reason,
      storedBytes: 0,
      playbackKey: null,
      posterKey: null,
      whatsappKey: null,
      durationMs: null,
      readyAt: null,
    });
    expect(await stored(id)).toBe(false);
    const left: string[] = [];
    for await (const { key } of getLocalStorage()!.listKeys(`media/${id}/`)) left.push(key);
    expect(left).toEqual([]);
  }

  it("a PDF renamed as a recording is not media", async () => {
    const pdf = path.join(clipDir, "wish.webm");
    await writeFile(pdf, "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    await refused("voice", pdf, "media_not_media");
  });

  it("a still image sent as a video is not media", async () => {
    const jpeg = await makeClip(clipDir, "still.mp4", [
      "-f",
      "lavfi",
      "-i",
      "testsrc=size=64x64",
      "-frames:v",
      "1",
      "-f",
      "image2",
    ]);
    await refused("video", jpeg, "media_not_media");
  });

  it("a truncated MP4 is not media (its header promises more than its bytes hold)", async () => {
    const whole = await makeClip(clipDir, "whole.mp4", CLIPS.phoneMp4(4));
    const cut = path.join(clipDir, "cut.mp4");
    await writeFile(cut, (await readFile(whole)).subarray(0, 40_000));
    await refused("video", cut, "media_not_media");
  });

  it("an MP4 cut before its index is not media", async () => {
    const whole = await makeClip(clipDir, "index-last.mp4", CLIPS.voiceM4a(3));
    const cut = path.join(clipDir, "index-cut.mp4");
    await writeFile(cut, (await readFile(whole)).subarray(0, 2_000));
    await refused("voice", cut, "media_not_media");
  });

  it("zero bytes are not media", async () => {
    const empty = path.join(clipDir, "empty.webm");
    await writeFile(empty, "");
    await refused("voice", empty, "media_not_media");
  });

  it("a recording with sound only, sent as a video, has no video", async () => {
    await refused("video", await makeClip(clipDir, "audio-only.webm", CLIPS.voiceWebm()), "media_no_video");
  });

  it("a video without sound, sent as a voice message, has no audio", async () => {
    await refused("voice", await makeClip(clipDir, "no-sound.mp4", CLIPS.silentVideoMp4()), "media_no_audio");
  });

  it("a voice message past the limit is too long, even with no duration in its header", async () => {
    const seconds = MEDIA_LIMITS.voice.maxSeconds + 1;
    await refused(
      "voice",
      await makeClip(clipDir, "long.webm", CLIPS.longVoiceWebm(seconds)),
      "media_too_long",
    );
  }, 60_000);

  it("a file past the size limit is too large (refused before it is read)", async () => {
    const big = path.join(clipDir, "big.webm");
    await writeFile(big, "");
    await truncate(big, MEDIA_LIMITS.voice.maxBytes + 1);
    await refused("voice", big, "media_too_large");
  });
});

describe("a retried job", () => {
  it("leaves a clip that is no longer processing alone", async () => {
    const { id, row } = await processClip("voice", await makeClip(clipDir, "again.webm", CLIPS.voiceWebm()));
    expect(await processMedia(id, { lastAttempt: false })).toBe("skipped");
    expect(await mediaRow(id)).toEqual(row);
    expect(await processMedia(crypto.randomUUID(), { lastAttempt: false })).toBe("skipped");
  });

  it("processing the same clip twice gives the same row, its bytes counted once", async () => {
    const { id, row } = await processClip("video", await makeClip(clipDir, "twice.webm", CLIPS.videoWebm()));
    const { db } = await import("@/lib/db");
    const { media } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    await db
      .update(media)
      .set({ status: "processing", storedBytes: row.sourceBytes! })
      .where(eq(media.id, id));
    expect(await processMedia(id, { lastAttempt: false })).toBe("ready");
    const again = await mediaRow(id);
    expect(again).toMatchObject({ status: "ready", playbackKey: row.playbackKey, posterKey: row.posterKey });
    expect(again.storedBytes).toBe(row.storedBytes);
  }, 60_000);

  it("a machine error is thrown for a retry, and fails the clip on the last attempt", async () => {
    const id = await uploadedClip(userId, "voice", await makeClip(clipDir, "lost.webm", CLIPS.voiceWebm()));
    await rm(objectFile(`media/${id}/source`));
    await expect(processMedia(id, { lastAttempt: false })).rejects.toThrow(/no object/);
    expect(await mediaRow(id)).toMatchObject({ status: "processing", failureReason: null });
    expect(await processMedia(id, { lastAttempt: true })).toBe("failed");
    expect(await mediaRow(id)).toMatchObject({ status: "failed", failureReason: "media_processing_failed" });
  });
});
