import "server-only";
import { stat } from "node:fs/promises";
import { MEDIA_TOOL_LIMITS } from "@/config/media";
import { localUrl, mediaInputArgs } from "./media-input-args";
import { MediaToolError, runMediaTool } from "./run-media-tool";

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
  // ffmpeg exits 0 when no frame could be decoded (an allocation refused under the memory limit
  // is logged as a decoding error): a still that was not written is the file's failure.
  const written = await stat(out).then(
    (file) => file.size,
    () => 0,
  );
  if (written === 0) throw new MediaToolError("exit", "ffmpeg wrote no poster picture", "");
}
