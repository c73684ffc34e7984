import "server-only";
import path from "node:path";
import { MEDIA_FILE_LIMITS, MEDIA_FORMATS, MEDIA_TOOL_LIMITS, type MediaFormat } from "@/config/media";

/** A file on local disk and the container its first bytes named (lib/media/sniff-media-format.ts). */
export interface MediaInput {
  file: string;
  format: MediaFormat;
}

/** A local path as ffmpeg reads it: the `file:` protocol, never a URL or a pattern. */
export const localUrl = (file: string) => `file:${path.resolve(file)}`;

/**
 * The input options every ffprobe and ffmpeg call opens a file with: the one demuxer its bytes
 * named (`-f`, and `-format_whitelist` for anything that demuxer might open in turn), local files
 * only (`-protocol_whitelist file`), then `-i file:<path>`. When frames are decoded: no picture
 * larger than MEDIA_FILE_LIMITS (`-max_pixels`, also when the header lied) and a fixed number of
 * decoding threads. (Reading headers only, ffprobe opens each decoder, and `-max_pixels` would
 * make it fail on the very sizes it must report.)
 */
export function mediaInputArgs(input: MediaInput, { decoding = true } = {}): string[] {
  const { demuxer } = MEDIA_FORMATS[input.format];
  return [
    ...["-f", demuxer, "-format_whitelist", demuxer, "-protocol_whitelist", "file"],
    ...(decoding
      ? [
          ...["-max_pixels", String(MEDIA_FILE_LIMITS.maxPixelsPerFrame)],
          ...["-threads", String(MEDIA_TOOL_LIMITS.threads)],
        ]
      : []),
    ...["-i", localUrl(input.file)],
  ];
}
