import "server-only";
import { MEDIA_TOOL_LIMITS } from "@/config/media";
import { env } from "@/lib/env";
import { localUrl, mediaInputArgs, type MediaInput } from "./media-input-args";
import { runMediaTool } from "./run-media-tool";

/**
 * Shorter side at most 720 px (portrait phone clips too), both sides even (H.264 4:2:0 needs
 * it), square pixels.
 */
export const SCALE_720 =
  "scale=w='if(gt(iw,ih),-2,trunc(min(720,iw)/2)*2)':h='if(gt(iw,ih),trunc(min(720,ih)/2)*2,-2)',setsar=1,format=yuv420p";

export interface VideoEncoding {
  maxSeconds: number;
  /** The picture stream's index in the source. */
  videoStream: number;
  /** The sound stream's index, or null for a silent video. */
  audioStream: number | null;
  audioChannels: number;
  /** Constant quality by default; a bitrate when the file must fit a size (WhatsApp). */
  videoBitrate?: number;
  audioBitrate?: number;
}

/** ffmpeg's arguments for an MP4 (H.264 + AAC, moov first) that phones and browsers play. */
export function videoArgs(input: MediaInput, out: string, encoding: VideoEncoding): string[] {
  const rate = encoding.videoBitrate;
  const threads = String(MEDIA_TOOL_LIMITS.threads);
  return [
    ...["-nostdin", "-v", "error", "-y", "-filter_threads", threads, ...mediaInputArgs(input)],
    // One second past the limit: a clip whose header has no duration is refused after that.
    ...["-t", String(encoding.maxSeconds + 1), "-map", `0:${encoding.videoStream}`],
    ...(encoding.audioStream !== null ? ["-map", `0:${encoding.audioStream}`] : ["-an"]),
    ...["-sn", "-dn", "-vf", SCALE_720, "-c:v", "libx264", "-threads", threads],
    ...["-preset", "veryfast", "-pix_fmt", "yuv420p"],
    ...(rate
      ? ["-b:v", String(rate), "-maxrate", String(rate), "-bufsize", String(rate * 2)]
      : ["-crf", "23"]),
    // MediaRecorder's timestamps are variable; keep them rather than invent frames.
    ...["-vsync", "vfr"],
    ...(encoding.audioStream !== null
      ? [
          "-c:a",
          "aac",
          "-b:a",
          String(encoding.audioBitrate ?? 128_000),
          ...(encoding.audioChannels > 2 ? ["-ac", "2"] : []),
        ]
      : []),
    ...["-movflags", "+faststart", "-f", "mp4", localUrl(out)],
  ];
}

/** The web-playable rendition of a video clip. */
export async function transcodeVideo(input: MediaInput, out: string, encoding: VideoEncoding) {
  await runMediaTool("ffmpeg", videoArgs(input, out, encoding), env.MEDIA_ENCODE_TIMEOUT_SECONDS * 1000);
}
