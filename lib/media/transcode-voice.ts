import "server-only";
import { runMediaTool } from "./run-media-tool";

const VOICE_TIMEOUT_MS = 5 * 60_000;

/**
 * The first audio stream as MP3 (every browser, phone and mail client plays it). Stops one
 * second past `maxSeconds`, so a clip without a duration in its header is never decoded in full
 * just to be refused.
 */
export async function transcodeVoice(
  source: string,
  out: string,
  input: { maxSeconds: number; channels: number },
) {
  await runMediaTool(
    "ffmpeg",
    [
      ...["-nostdin", "-v", "error", "-y", "-i", source],
      ...["-t", String(input.maxSeconds + 1), "-map", "0:a:0", "-vn"],
      ...["-c:a", "libmp3lame", "-b:a", "128k"],
      ...(input.channels > 2 ? ["-ac", "2"] : []),
      ...["-f", "mp3", out],
    ],
    VOICE_TIMEOUT_MS,
  );
}
