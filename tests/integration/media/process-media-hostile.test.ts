import { mkdtempSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_FILE_LIMITS } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { CLIPS, makeClip, meanVolume } from "../../support/media-clips";
import { mediaRow, readyClip, uploadedClip } from "../../support/media-rows";
import { recordMediaTools } from "../../support/media-tool-log";
import { createSignedInUser } from "../../support/users";

// Hostile uploads (docs/security.md, "Uploaded recordings"): each is processed as the job does,
// through the local store, with ffmpeg and ffprobe wrapped to log every call they receive.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
const clipDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-clips-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;
const tools = recordMediaTools();

const { processMedia } = await import("@/lib/media/process-media");
const { getLocalStorage } = await import("@/lib/storage/get-storage");

let attacker: string;
let victimPlayback: string;
beforeAll(async () => {
  attacker = (await createSignedInUser({ planType: "business" })).user.id;
  // Another account's recording, a loud tone, where the store keeps it.
  const victim = (await createSignedInUser({ planType: "business" })).user.id;
  const victimClip = await readyClip(victim, "voice");
  const tone = await makeClip(clipDir, "tone.mp3", [
    ...["-f", "lavfi", "-i", "sine=frequency=1000:duration=3", "-c:a", "libmp3lame", "-f", "mp3"],
  ]);
  await getLocalStorage()!.putFile(`media/${victimClip}/playback.mp3`, tone, "audio/mpeg");
  victimPlayback = getLocalStorage()!.pathOf(`media/${victimClip}/playback.mp3`);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(clipDir, { recursive: true, force: true });
  await rm(tools.dir, { recursive: true, force: true });
});

async function processFile(kind: MediaKind, file: string) {
  const id = await uploadedClip(attacker, kind, file);
  tools.clear();
  const outcome = await processMedia(id, { lastAttempt: false });
  const left: string[] = [];
  for await (const { key } of getLocalStorage()!.listKeys(`media/${id}/`)) left.push(key);
  return { id, outcome, row: await mediaRow(id), left, calls: tools.calls() };
}

const playlistNaming = (target: string) =>
  ["#EXTM3U", "#EXT-X-TARGETDURATION:10", "#EXTINF:3,", `file://${target}`, "#EXT-X-ENDLIST", ""].join("\n");

describe("a file that is also a playlist", () => {
  it.each([
    ["an HLS playlist whose tail reads as MP3", "mp3"],
    ["an HLS playlist whose tail reads as MPEG-TS", "mpegts"],
    ["an ffconcat script", "concat"],
  ] as const)(
    "%s naming another user's recording is refused as not media, before any tool opens it",
    async (_what, body) => {
      const silence = ["-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono", "-t", "3"];
      const head =
        body === "concat"
          ? `ffconcat version 1.0\nfile 'file://${victimPlayback}'\n`
          : playlistNaming(victimPlayback);
      const tail =
        body === "mp3"
          ? await readFile(
              await makeClip(clipDir, "tail.mp3", [...silence, "-c:a", "libmp3lame", "-f", "mp3"]),
            )
          : body === "mpegts"
            ? await readFile(await makeClip(clipDir, "tail.ts", [...silence, "-c:a", "mp2", "-f", "mpegts"]))
            : Buffer.alloc(0);
      const polyglot = path.join(clipDir, `polyglot-${body}`);
      await writeFile(polyglot, Buffer.concat([Buffer.from(head), tail]));

      const { outcome, row, left, calls } = await processFile("voice", polyglot);
      expect(row).toMatchObject({ status: "failed", failureReason: "media_not_media", playbackKey: null });
      expect(outcome).toBe("failed");
      expect(left).toEqual([]);
      // Named by its first bytes: neither ffprobe nor ffmpeg ever read it.
      expect(calls).toEqual([]);
    },
  );

  it("an MP3 with a playlist inside is read as MP3 only: its sound is its own, never the file it names", async () => {
    const silence = await makeClip(clipDir, "quiet.mp3", [
      ...["-f", "lavfi", "-i", "anullsrc=r=44100:cl=mono", "-t", "3", "-c:a", "libmp3lame", "-f", "mp3"],
    ]);
    // An empty ID3v2 tag makes it an MP3 by its first bytes; the playlist follows.
    const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    const file = path.join(clipDir, "id3-playlist.mp3");
    await writeFile(
      file,
      Buffer.concat([id3, Buffer.from(playlistNaming(victimPlayback)), await readFile(silence)]),
    );
    const { row, calls } = await processFile("voice", file);
    expect(row.status).toBe("ready");
    expect(await meanVolume(getLocalStorage()!.pathOf(row.playbackKey!))).toBeLessThan(-80);
    expect(await meanVolume(victimPlayback)).toBeGreaterThan(-40);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls)
      expect(call.args.slice(call.args.indexOf("-f"), call.args.indexOf("-f") + 4)).toEqual([
        "-f",
        "mp3",
        "-format_whitelist",
        "mp3",
      ]);
  });
});

describe("every tool call", () => {
  it("opens the upload only as its sniffed container, from a local path, nothing else", async () => {
    const { row, calls } = await processFile(
      "video",
      await makeClip(clipDir, "video.webm", CLIPS.videoWebm(2)),
    );
    expect(row.status).toBe("ready");
    // Two probes of the source, the rendition, a probe of the rendition, the poster.
    expect(calls.map((c) => c.tool)).toEqual(["ffprobe", "ffprobe", "ffmpeg", "ffprobe", "ffmpeg"]);
    for (const { args } of calls) {
      const input = args.indexOf("-i");
      const options = args.slice(0, input);
      expect(options).toContain("-protocol_whitelist");
      expect(options[options.indexOf("-protocol_whitelist") + 1]).toBe("file");
      const format = options[options.indexOf("-f") + 1];
      expect(["matroska", "mov", "mp3"]).toContain(format);
      expect(options[options.indexOf("-format_whitelist") + 1]).toBe(format);
      expect(args[input + 1]).toMatch(/^file:\//);
    }
    // Source reads are Matroska (what its bytes say); the rendition's are MP4.
    expect(calls.map((c) => c.args[c.args.indexOf("-f") + 1])).toEqual([
      "matroska",
      "matroska",
      "matroska",
      "mov",
      "mov",
    ]);
  });
});

describe("limits read from the headers, before anything is decoded", () => {
  it("a picture bomb (two 16000×16000 frames) is refused by the first probe: nothing decodes it", async () => {
    const bomb = await makeClip(clipDir, "bomb.mp4", CLIPS.pictureBombMp4("16000x16000", 2));
    const { row, left, calls } = await processFile("video", bomb);
    expect(row).toMatchObject({ status: "failed", failureReason: "media_picture_too_large", storedBytes: 0 });
    expect(left).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ tool: "ffprobe" });
    expect(calls[0]!.args).toContain("-nofind_stream_info");
  }, 120_000);

  it("a phone's 4K fits; a picture wider than 4K does not", async () => {
    const wide = await makeClip(
      clipDir,
      "wide.mp4",
      CLIPS.pictureBombMp4(`${MEDIA_FILE_LIMITS.maxSide + 2}x64`, 1),
    );
    expect((await processFile("video", wide)).row.failureReason).toBe("media_picture_too_large");
    const uhd = await makeClip(clipDir, "uhd.mp4", CLIPS.phoneMp4(1, "3840x2160"));
    expect((await processFile("video", uhd)).row).toMatchObject({ status: "ready", failureReason: null });
  }, 60_000);

  it("1,000 frames per second are refused", async () => {
    const { row, calls } = await processFile(
      "video",
      await makeClip(clipDir, "fast.mp4", CLIPS.thousandFpsMp4()),
    );
    expect(row).toMatchObject({ status: "failed", failureReason: "media_frame_rate_too_high" });
    expect(calls.map((c) => c.tool)).toEqual(["ffprobe"]);
  });

  it("more tracks than a phone writes are refused", async () => {
    const many = await makeClip(clipDir, "many.webm", CLIPS.manyTracksWebm(MEDIA_FILE_LIMITS.maxStreams + 1));
    const { row, calls } = await processFile("voice", many);
    expect(row).toMatchObject({ status: "failed", failureReason: "media_too_many_streams" });
    expect(calls.map((c) => c.tool)).toEqual(["ffprobe"]);
  });

  it("a codec no recorder or phone writes is not media", async () => {
    const { row, calls } = await processFile("video", await makeClip(clipDir, "ffv1.mkv", CLIPS.ffv1Mkv()));
    expect(row).toMatchObject({ status: "failed", failureReason: "media_not_media" });
    expect(calls.map((c) => c.tool)).toEqual(["ffprobe"]);
  });
});
