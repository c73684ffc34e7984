import type { MediaKind } from "@/db/schema/enums";

/**
 * What MediaRecorder is asked to write, best first: Chromium and Firefox write WebM (VP9 or VP8
 * with Opus), Safari only MP4; older Firefox writes Ogg for sound.
 */
export const RECORDER_MIME_TYPES: Record<MediaKind, readonly string[]> = {
  video: ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/mp4"],
  voice: ["audio/webm;codecs=opus", "audio/mp4", "audio/ogg"],
};

/** The first type of the list the browser can record, or null to let it choose. */
export function pickRecorderMimeType(
  kind: MediaKind,
  isTypeSupported: (type: string) => boolean,
): string | null {
  return RECORDER_MIME_TYPES[kind].find((type) => isTypeSupported(type)) ?? null;
}

/** The type without its parameters ("video/webm;codecs=vp9" → "video/webm"), as the API expects. */
export function baseMimeType(type: string): string {
  return type.split(";")[0].trim().toLowerCase();
}

const EXTENSIONS: Record<string, string> = {
  "video/webm": "webm",
  "audio/webm": "webm",
  "video/mp4": "mp4",
  "audio/mp4": "m4a",
  "audio/ogg": "ogg",
};

/** A file name for a recording made at `at`: "voice-2026-05-01-0930.webm". */
export function recordingFilename(kind: MediaKind, type: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace("T", "-").replace(":", "");
  return `${kind}-${stamp}.${EXTENSIONS[baseMimeType(type)] ?? "webm"}`;
}
