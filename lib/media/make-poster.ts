import "server-only";
import { MEDIA_TOOL_LIMITS } from "@/config/media";
import { localUrl, mediaInputArgs } from "./media-input-args";
import { runMediaTool } from "./run-media-tool";

/** A JPEG still from the playback rendition (an MP4), a second in (or halfway through a shorter clip). */
export async function makePoster(playback: string, out: string, durationMs: number) {
  const at = Math.min(1, durationMs / 2000).toFixed(3);
  await runMediaTool(
    "ffmpeg",
    [
      ...["-nostdin", "-v", "error", "-y", "-ss", at, ...mediaInputArgs({ file: playback, format: "mov" })],
      // One picture to one named file (`-update 1`: the name is never a sequence pattern).
      ...["-map", "0:v:0", "-frames:v", "1", "-q:v", "3", "-update", "1", "-f", "image2", localUrl(out)],
    ],
    MEDIA_TOOL_LIMITS.posterMs,
  );
}
