/**
 * npm run bench:media -- [--seconds 60] [--rounds 1] [--out file]
 * How long processing takes for a clip as Chrome's MediaRecorder writes it (WebM, VP8 at 720p
 * and Opus, no duration in the header): probe, rendition(s), poster, WhatsApp copy when needed.
 * The clip is made first with the same ffmpeg (not timed). Prints JSON figures.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CLIPS, makeClip } from "@/tests/support/media-clips";
import { numberFlag, writeResult } from "@/tests/support/bench-kit";

const SECONDS = numberFlag("seconds", 60);
const ROUNDS = numberFlag("rounds", 1);

const { renderMedia } = await import("@/lib/media/render-media");
const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-bench-media-"));

async function time(kind: "voice" | "video", source: string) {
  const runs: number[] = [];
  let rendered: Awaited<ReturnType<typeof renderMedia>> | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const work = mkdtempSync(path.join(dir, "work-"));
    const started = performance.now();
    rendered = await renderMedia(source, kind, work);
    runs.push(Math.round(performance.now() - started));
  }
  return {
    kind,
    sourceBytes: statSync(source).size,
    durationMs: rendered?.durationMs,
    playbackBytes: rendered?.playback.bytes,
    whatsapp: rendered?.whatsapp === "playback" ? "playback" : (rendered?.whatsapp?.bytes ?? null),
    ms: runs,
    realtimeFactor: Number(((SECONDS * 1000) / Math.min(...runs)).toFixed(2)),
  };
}

try {
  const video = await makeClip(dir, "chrome.webm", CLIPS.videoWebm(SECONDS, "1280x720"));
  const voice = await makeClip(dir, "chrome-voice.webm", CLIPS.voiceWebm(SECONDS));
  const results = [await time("video", video), await time("voice", voice)];
  const figures = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.trim() },
    options: { seconds: SECONDS, rounds: ROUNDS, source: "WebM VP8 1280x720 30 fps + Opus (testsrc + sine)" },
    results,
  };
  console.log(JSON.stringify(figures, null, 2));
  writeResult("media", figures);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
