import "server-only";
import { stat } from "node:fs/promises";
import { WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";
import { env } from "@/lib/env";
import type { MediaInput } from "./media-input-args";
import { runMediaTool } from "./run-media-tool";
import { videoArgs, type VideoEncoding } from "./transcode-video";

// Aim below the cap: a bitrate-constrained encode overshoots its average a little.
const TARGET_BYTES = WHATSAPP_VIDEO_MAX_BYTES * 0.85;
const AUDIO_BITRATE = 64_000;
// Below this the picture is not worth sending; the recipient gets the link instead.
const MIN_VIDEO_BITRATE = 150_000;

/**
 * A copy of the video that fits WhatsApp's size cap, its bitrate computed from the duration.
 * Returns its size, or null when no watchable copy fits (delivery then sends the link).
 */
export async function makeWhatsappVideo(
  input: MediaInput,
  out: string,
  encoding: Omit<VideoEncoding, "videoBitrate" | "audioBitrate"> & { durationMs: number },
): Promise<number | null> {
  const seconds = Math.max(encoding.durationMs / 1000, 1);
  const audio = encoding.audioStream !== null ? AUDIO_BITRATE : 0;
  const video = Math.floor((TARGET_BYTES * 8) / seconds) - audio;
  if (video < MIN_VIDEO_BITRATE) return null;
  await runMediaTool(
    "ffmpeg",
    videoArgs(input, out, { ...encoding, videoBitrate: video, audioBitrate: AUDIO_BITRATE }),
    env.MEDIA_ENCODE_TIMEOUT_SECONDS * 1000,
  );
  const { size } = await stat(out);
  return size <= WHATSAPP_VIDEO_MAX_BYTES ? size : null;
}
