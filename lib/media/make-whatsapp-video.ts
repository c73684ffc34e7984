import "server-only";
import { stat } from "node:fs/promises";
import { WHATSAPP_VIDEO_MAX_BYTES } from "@/config/media";
import { runMediaTool } from "./run-media-tool";
import { videoArgs } from "./transcode-video";

const WHATSAPP_TIMEOUT_MS = 15 * 60_000;
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
  source: string,
  out: string,
  input: { durationMs: number; maxSeconds: number; hasAudio: boolean; audioChannels: number },
): Promise<number | null> {
  const seconds = Math.max(input.durationMs / 1000, 1);
  const audio = input.hasAudio ? AUDIO_BITRATE : 0;
  const video = Math.floor((TARGET_BYTES * 8) / seconds) - audio;
  if (video < MIN_VIDEO_BITRATE) return null;
  await runMediaTool(
    "ffmpeg",
    videoArgs(source, out, { ...input, videoBitrate: video, audioBitrate: AUDIO_BITRATE }),
    WHATSAPP_TIMEOUT_MS,
  );
  const { size } = await stat(out);
  return size <= WHATSAPP_VIDEO_MAX_BYTES ? size : null;
}
