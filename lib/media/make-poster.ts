import "server-only";
import { runMediaTool } from "./run-media-tool";

const POSTER_TIMEOUT_MS = 60_000;

/** A JPEG still from the playback rendition, a second in (or halfway through a shorter clip). */
export async function makePoster(playback: string, out: string, durationMs: number) {
  const at = Math.min(1, durationMs / 2000).toFixed(3);
  await runMediaTool(
    "ffmpeg",
    [
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-ss",
      at,
      "-i",
      playback,
      "-frames:v",
      "1",
      "-q:v",
      "3",
      "-f",
      "image2",
      out,
    ],
    POSTER_TIMEOUT_MS,
  );
}
