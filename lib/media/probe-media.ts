import "server-only";
import { z } from "zod";
import { MediaToolError, runMediaTool } from "./run-media-tool";

/** What a file holds, read from its bytes. */
export interface MediaProbe {
  /** From the container's header; null when it has none (MediaRecorder's WebM). */
  durationMs: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  audioChannels: number;
}

const PROBE_TIMEOUT_MS = 30_000;

const ffprobeOutput = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        channels: z.number().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).default({}),
});

// Still images probe as one-frame video (jpeg_pipe, png_pipe, image2...): not a clip.
const isImageFormat = (name: string) => name === "image2" || name.endsWith("_pipe") || name === "gif";

/**
 * ffprobe on the file's content (the file has no extension to hint with). Null when ffprobe
 * cannot read it or it holds neither sound nor moving pictures: not media.
 */
export async function probeMedia(file: string): Promise<MediaProbe | null> {
  let json: string;
  try {
    json = await runMediaTool(
      "ffprobe",
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
      PROBE_TIMEOUT_MS,
    );
  } catch (error) {
    if (error instanceof MediaToolError && error.reason === "exit") return null;
    throw error;
  }
  const parsed = ffprobeOutput.safeParse(JSON.parse(json || "{}"));
  if (!parsed.success) return null;
  const { streams, format } = parsed.data;
  const audio = streams.filter((s) => s.codec_type === "audio");
  const image = isImageFormat(format.format_name ?? "");
  const hasVideo =
    !image && streams.some((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1);
  if (audio.length === 0 && !hasVideo) return null;
  const seconds = Number(format.duration);
  return {
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    hasAudio: audio.length > 0,
    hasVideo,
    audioChannels: Math.max(0, ...audio.map((s) => s.channels ?? 0)),
  };
}
