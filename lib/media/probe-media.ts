import "server-only";
import { z } from "zod";
import { MEDIA_TOOL_LIMITS } from "@/config/media";
import { mediaInputArgs, type MediaInput } from "./media-input-args";
import { MediaToolError, runMediaTool } from "./run-media-tool";

/** One stream (track) of a file, as ffprobe reads it. */
export interface ProbedStream {
  /** Its index in the file: what `-map 0:<index>` names. */
  index: number;
  type: "audio" | "video" | "other";
  codec: string;
  /** 0 when unknown. */
  width: number;
  height: number;
  /** Average frames per second, when the file says; null otherwise. */
  framesPerSecond: number | null;
  channels: number;
  /** A still picture attached to the file (an album cover), not a moving picture. */
  coverPicture: boolean;
}

/** What a file holds, read from its bytes. */
export interface MediaProbe {
  /** ffprobe's name of the demuxer that read it (`matroska,webm`, `mov,mp4,m4a,3gp,3g2,mj2`...). */
  formatName: string;
  /** From the container's header; null when it has none (MediaRecorder's WebM). */
  durationMs: number | null;
  streams: ProbedStream[];
  /** The first sound stream: the one a rendition takes. */
  audio: ProbedStream | null;
  /** The first moving-picture stream (a cover is not one): the one a rendition takes. */
  video: ProbedStream | null;
}

const ffprobeOutput = z.object({
  streams: z
    .array(
      z.object({
        index: z.number().int().min(0),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        channels: z.number().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
      }),
    )
    .default([]),
  format: z.object({ format_name: z.string().optional(), duration: z.string().optional() }).default({}),
});

/** `30000/1001` → 29.97; `0/0` and anything unreadable → null. */
function rate(fraction: string | undefined): number | null {
  const [num, den] = (fraction ?? "").split("/").map(Number);
  if (!num || !den || !Number.isFinite(num / den) || num / den <= 0) return null;
  return num / den;
}

function toStream(s: z.infer<typeof ffprobeOutput>["streams"][number]): ProbedStream {
  const type = s.codec_type === "audio" || s.codec_type === "video" ? s.codec_type : "other";
  return {
    index: s.index,
    type,
    codec: s.codec_name ?? "unknown",
    width: s.width ?? 0,
    height: s.height ?? 0,
    framesPerSecond: rate(s.avg_frame_rate),
    channels: s.channels ?? 0,
    coverPicture: type === "video" && s.disposition?.attached_pic === 1,
  };
}

/**
 * ffprobe on a file, opened as the format its bytes named (`input.format`, nothing else).
 * `headersOnly` reads the container's headers and decodes nothing (`-nofind_stream_info`): what a
 * file declares, checked before any frame is decoded. Otherwise ffprobe decodes the first frames
 * to fill in what headers leave out, under the same limits as ffmpeg. Null when ffprobe cannot
 * read the file: not media.
 */
export async function probeMedia(
  input: MediaInput,
  { headersOnly = false }: { headersOnly?: boolean } = {},
): Promise<MediaProbe | null> {
  let json: string;
  try {
    json = await runMediaTool(
      "ffprobe",
      [
        ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams"],
        ...(headersOnly ? ["-nofind_stream_info"] : []),
        ...mediaInputArgs(input, { decoding: !headersOnly }),
      ],
      MEDIA_TOOL_LIMITS.probeMs,
    );
  } catch (error) {
    if (error instanceof MediaToolError && error.reason === "exit") return null;
    throw error;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json || "{}");
  } catch {
    return null;
  }
  const parsed = ffprobeOutput.safeParse(raw);
  if (!parsed.success) return null;
  const { streams, format } = parsed.data;
  const all = streams.map(toStream);
  const seconds = Number(format.duration);
  return {
    formatName: format.format_name ?? "",
    durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    streams: all,
    audio: all.find((s) => s.type === "audio") ?? null,
    video: all.find((s) => s.type === "video" && !s.coverPicture) ?? null,
  };
}
