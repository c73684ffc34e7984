import "server-only";
import { runMediaTool } from "./run-media-tool";

/** A 2-minute clip at 720p takes well under this on two cores (docs/media.md, "Processing"). */
const VIDEO_TIMEOUT_MS = 15 * 60_000;

/**
 * Shorter side at most 720 px (portrait phone clips too), both sides even (H.264 4:2:0 needs
 * it), square pixels.
 */
export const SCALE_720 =
  "scale=w='if(gt(iw,ih),-2,trunc(min(720,iw)/2)*2)':h='if(gt(iw,ih),trunc(min(720,ih)/2)*2,-2)',setsar=1,format=yuv420p";

export interface VideoEncoding {
  maxSeconds: number;
  hasAudio: boolean;
  audioChannels: number;
  /** Constant quality by default; a bitrate when the file must fit a size (WhatsApp). */
  videoBitrate?: number;
  audioBitrate?: number;
}

/** ffmpeg's arguments for an MP4 (H.264 + AAC, moov first) that phones and browsers play. */
export function videoArgs(source: string, out: string, encoding: VideoEncoding): string[] {
  const rate = encoding.videoBitrate;
  return [
    ...["-nostdin", "-v", "error", "-y", "-i", source],
    // One second past the limit: a clip whose header has no duration is refused after that.
    ...["-t", String(encoding.maxSeconds + 1), "-map", "0:v:0"],
    ...(encoding.hasAudio ? ["-map", "0:a:0"] : ["-an"]),
    ...["-vf", SCALE_720, "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"],
    ...(rate
      ? ["-b:v", String(rate), "-maxrate", String(rate), "-bufsize", String(rate * 2)]
      : ["-crf", "23"]),
    // MediaRecorder's timestamps are variable; keep them rather than invent frames.
    ...["-vsync", "vfr"],
    ...(encoding.hasAudio
      ? [
          "-c:a",
          "aac",
          "-b:a",
          String(encoding.audioBitrate ?? 128_000),
          ...(encoding.audioChannels > 2 ? ["-ac", "2"] : []),
        ]
      : []),
    ...["-movflags", "+faststart", "-f", "mp4", out],
  ];
}

/** The web-playable rendition of a video clip. */
export async function transcodeVideo(source: string, out: string, encoding: VideoEncoding) {
  await runMediaTool("ffmpeg", videoArgs(source, out, encoding), VIDEO_TIMEOUT_MS);
}
