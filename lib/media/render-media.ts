import "server-only";
import { stat } from "node:fs/promises";
import path from "node:path";
import { MEDIA_LIMITS, WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { makePoster } from "./make-poster";
import { makeWhatsappVideo } from "./make-whatsapp-video";
import type { MediaObjectName } from "./media-keys";
import { MediaRefusal } from "./media-refusal";
import { probeMedia } from "./probe-media";
import { MediaToolError } from "./run-media-tool";
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

// Containers round a recorder's stop a little past the limit it was given.
const GRACE_MS = 500;

async function rendition(name: MediaObjectName, file: string, contentType: string): Promise<Rendition> {
  return { name, file, contentType, bytes: (await stat(file)).size };
}

/** The tool refused a file that probed well: the clip is damaged in a way we cannot play. */
async function encoding<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MediaToolError && error.reason === "exit")
      throw new MediaRefusal("media_processing_failed");
    throw error;
  }
}

/**
 * Probes `source` by its content and writes the renditions a `kind` clip needs into `workDir`.
 * Throws a MediaRefusal for a file the user must replace; other errors are the machine's.
 */
export async function renderMedia(source: string, kind: MediaKind, workDir: string): Promise<RenderedMedia> {
  const limitMs = MEDIA_LIMITS[kind].maxSeconds * 1000 + GRACE_MS;
  const probe = await probeMedia(source);
  if (!probe) throw new MediaRefusal("media_not_media");
  if (kind === "voice" && !probe.hasAudio) throw new MediaRefusal("media_no_audio");
  if (kind === "video" && !probe.hasVideo) throw new MediaRefusal("media_no_video");
  if (probe.durationMs !== null && probe.durationMs > limitMs) throw new MediaRefusal("media_too_long");

  const maxSeconds = MEDIA_LIMITS[kind].maxSeconds;
  const playbackFile = path.join(workDir, kind === "voice" ? "playback.mp3" : "playback.mp4");
  await encoding(() =>
    kind === "voice"
      ? transcodeVoice(source, playbackFile, { maxSeconds, channels: probe.audioChannels })
      : transcodeVideo(source, playbackFile, { maxSeconds, ...probe }),
  );

  // The decoded length is the truth: MediaRecorder's WebM has no duration in its header, and a
  // cut file's header promises more than its bytes hold.
  const durationMs = (await probeMedia(playbackFile))?.durationMs ?? null;
  if (durationMs === null) throw new MediaRefusal("media_not_media");
  if (durationMs > limitMs) throw new MediaRefusal("media_too_long");
  if (probe.durationMs !== null && durationMs < probe.durationMs * 0.9 - GRACE_MS)
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
  await encoding(() => makePoster(playbackFile, posterFile, durationMs));
  const poster = await rendition("poster.jpg", posterFile, "image/jpeg");
  if (playback.bytes <= WHATSAPP_VIDEO_MAX_BYTES)
    return { durationMs, playback, poster, whatsapp: "playback" };

  const whatsappFile = path.join(workDir, "whatsapp.mp4");
  const fits = await encoding(() =>
    makeWhatsappVideo(source, whatsappFile, { ...probe, durationMs, maxSeconds }),
  );
  const whatsapp = fits === null ? null : await rendition("whatsapp.mp4", whatsappFile, "video/mp4");
  return { durationMs, playback, poster, whatsapp };
}
