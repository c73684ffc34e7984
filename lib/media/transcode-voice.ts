import "server-only";
import { env } from "@/lib/env";
import { localUrl, mediaInputArgs, type MediaInput } from "./media-input-args";
import { runMediaTool } from "./run-media-tool";

/**
 * The clip's sound stream (`audioStream`, its index) as MP3 (every browser, phone and mail
 * client plays it). Stops one second past `maxSeconds`, so a clip without a duration in its header
 * is never decoded in full just to be refused.
 */
export async function transcodeVoice(
  input: MediaInput,
  out: string,
  encoding: { maxSeconds: number; audioStream: number; channels: number },
) {
  await runMediaTool(
    "ffmpeg",
    [
      ...["-nostdin", "-v", "error", "-y", ...mediaInputArgs(input)],
      ...["-t", String(encoding.maxSeconds + 1), "-map", `0:${encoding.audioStream}`, "-vn", "-sn", "-dn"],
      ...["-c:a", "libmp3lame", "-b:a", "128k"],
      ...(encoding.channels > 2 ? ["-ac", "2"] : []),
      ...["-f", "mp3", localUrl(out)],
    ],
    env.MEDIA_ENCODE_TIMEOUT_SECONDS * 1000,
  );
}
