import "server-only";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { MEDIA_LIMITS, WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { checkMediaProbe, DURATION_GRACE_MS } from "./check-media-probe";
import { makePoster } from "./make-poster";
import { makeWhatsappVideo } from "./make-whatsapp-video";
import type { MediaInput } from "./media-input-args";
import type { MediaObjectName } from "./media-keys";
import { MediaRefusal } from "./media-refusal";
import { probeMedia, type MediaProbe } from "./probe-media";
import { MediaToolError } from "./run-media-tool";
import { sniffMediaFormat, SNIFF_BYTES } from "./sniff-media-format";
import { transcodeVideo } from "./transcode-video";
import { transcodeVoice } from "./transcode-voice";

export interface Rendition {
  name: MediaObjectName;
  file: string;
  contentType: string;
  bytes: number;
}

export interface RenderedMedia {
  durationMs: number;
  playback: Rendition;
  poster: Rendition | null;
  /** What WhatsApp gets: the playback file itself when it fits, a smaller copy, or nothing (a link). */
  whatsapp: Rendition | "playback" | null;
}

async function rendition(name: MediaObjectName, file: string, contentType: string): Promise<Rendition> {
  return { name, file, contentType, bytes: (await stat(file)).size };
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * What a tool's failure on this file means for it, for good: refusing it (`exit`, an allocation
 * refused under the memory limit included, or a fault) is a file we cannot prepare; still running
 * at its time limit is a file that asks too much. Being stopped from outside or not starting is the
 * machine's: thrown, for the job to retry.
 */
async function refusingOnFailure<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MediaToolError) {
      if (error.reason === "timeout") throw new MediaRefusal("media_too_complex");
      if (error.reason === "exit" || error.reason === "crash")
        throw new MediaRefusal("media_processing_failed");
    }
    throw error;
  }
}

/**
 * The file's container from its first bytes, then its headers (nothing decoded) checked against
 * the limits, then the full probe checked again with what the clip must hold.
 */
async function inspect(source: string, kind: MediaKind): Promise<{ input: MediaInput; probe: MediaProbe }> {
  const format = sniffMediaFormat(await readHead(source));
  if (!format) throw new MediaRefusal("media_not_media");
  const input = { file: source, format };
  const declared = await refusingOnFailure(() => probeMedia(input, { headersOnly: true }));
  if (!declared) throw new MediaRefusal("media_not_media");
  checkMediaProbe(declared, format, kind);

  const probe = await refusingOnFailure(() => probeMedia(input));
  if (!probe) throw new MediaRefusal("media_not_media");
  checkMediaProbe(probe, format, kind);
  if (!probe.audio && !probe.video) throw new MediaRefusal("media_not_media");
  if (kind === "voice" && !probe.audio) throw new MediaRefusal("media_no_audio");
  if (kind === "video" && !probe.video) throw new MediaRefusal("media_no_video");
  return { input, probe };
}

/**
 * Names `source` by its content, checks it, and writes the renditions a `kind` clip needs into
 * `workDir`. Throws a MediaRefusal for a file the user must replace; other errors are the machine's.
 */
export async function renderMedia(source: string, kind: MediaKind, workDir: string): Promise<RenderedMedia> {
  const { input, probe } = await inspect(source, kind);
  const maxSeconds = MEDIA_LIMITS[kind].maxSeconds;
  const limitMs = maxSeconds * 1000 + DURATION_GRACE_MS;
  const audio = probe.audio;
  const encoding = {
    maxSeconds,
    videoStream: probe.video?.index ?? 0,
    audioStream: audio?.index ?? null,
    audioChannels: audio?.channels ?? 0,
  };
  const playbackFile = path.join(workDir, kind === "voice" ? "playback.mp3" : "playback.mp4");
  await refusingOnFailure(() =>
    kind === "voice" && audio
      ? transcodeVoice(input, playbackFile, { maxSeconds, audioStream: audio.index, channels: audio.channels })
      : transcodeVideo(input, playbackFile, encoding),
  );

  // The decoded length is the truth: MediaRecorder's WebM has no duration in its header, and a
  // cut file's header promises more than its bytes hold.
  const output = { file: playbackFile, format: kind === "voice" ? "mp3" : "mov" } as const;
  const durationMs = (await refusingOnFailure(() => probeMedia(output)))?.durationMs ?? null;
  if (durationMs === null) throw new MediaRefusal("media_not_media");
  if (durationMs > limitMs) throw new MediaRefusal("media_too_long");
  if (probe.durationMs !== null && durationMs < probe.durationMs * 0.9 - DURATION_GRACE_MS)
    throw new MediaRefusal("media_not_media");

  if (kind === "voice")
    return {
      durationMs,
      playback: await rendition("playback.mp3", playbackFile, "audio/mpeg"),
      poster: null,
      whatsapp: null,
    };

  const playback = await rendition("playback.mp4", playbackFile, "video/mp4");
  const posterFile = path.join(workDir, "poster.jpg");
  await refusingOnFailure(() => makePoster(playbackFile, posterFile, durationMs));
  const poster = await rendition("poster.jpg", posterFile, "image/jpeg");
  if (playback.bytes <= WHATSAPP_VIDEO_MAX_BYTES)
    return { durationMs, playback, poster, whatsapp: "playback" };

  const whatsappFile = path.join(workDir, "whatsapp.mp4");
  const fits = await refusingOnFailure(() =>
    makeWhatsappVideo(input, whatsappFile, { ...encoding, durationMs }),
  );
  const whatsapp = fits === null ? null : await rendition("whatsapp.mp4", whatsappFile, "video/mp4");
  return { durationMs, playback, poster, whatsapp };
}
