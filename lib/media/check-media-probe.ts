import {
  MEDIA_CODECS,
  MEDIA_FILE_LIMITS,
  MEDIA_FORMATS,
  MEDIA_LIMITS,
  type MediaFormat,
} from "@/config/media";
import type { MediaKind } from "@/db/schema/enums";
import { MediaRefusal } from "./media-refusal";
import type { MediaProbe, ProbedStream } from "./probe-media";

// Containers round a recorder's stop a little past the limit it was given.
export const DURATION_GRACE_MS = 500;

const VIDEO_CODECS: readonly string[] = MEDIA_CODECS.video;
const AUDIO_CODECS: readonly string[] = MEDIA_CODECS.audio;
const COVER_CODECS: readonly string[] = MEDIA_CODECS.coverPicture;

function codecAllowed(stream: ProbedStream) {
  if (stream.type === "audio")
    return AUDIO_CODECS.includes(stream.codec) || stream.codec.startsWith(MEDIA_CODECS.pcmPrefix);
  if (stream.type === "video")
    return (stream.coverPicture ? COVER_CODECS : VIDEO_CODECS).includes(stream.codec);
  // Data and timecode tracks (phones write several) are never decoded or mapped.
  return true;
}

const pictureTooLarge = (s: ProbedStream) =>
  s.width * s.height > MEDIA_FILE_LIMITS.maxPixelsPerFrame ||
  Math.max(s.width, s.height) > MEDIA_FILE_LIMITS.maxSide;

/**
 * What a file asks of the machine, refused before any frame of it is decoded (run on the
 * headers-only probe, then again on the full one): the container must be the one its bytes named,
 * every sound and picture stream in an allowed codec, and its streams, picture size, frame rate and
 * declared duration within MEDIA_FILE_LIMITS and MEDIA_LIMITS. Throws a MediaRefusal.
 */
export function checkMediaProbe(probe: MediaProbe, format: MediaFormat, kind: MediaKind) {
  if (probe.formatName !== MEDIA_FORMATS[format].formatName) throw new MediaRefusal("media_not_media");
  if (probe.streams.length > MEDIA_FILE_LIMITS.maxStreams) throw new MediaRefusal("media_too_many_streams");
  if (!probe.streams.every(codecAllowed)) throw new MediaRefusal("media_not_media");
  const pictures = probe.streams.filter((s) => s.type === "video");
  if (pictures.some(pictureTooLarge)) throw new MediaRefusal("media_picture_too_large");
  if (
    pictures.some((s) => !s.coverPicture && (s.framesPerSecond ?? 0) > MEDIA_FILE_LIMITS.maxFramesPerSecond)
  )
    throw new MediaRefusal("media_frame_rate_too_high");
  if (
    probe.durationMs !== null &&
    probe.durationMs > MEDIA_LIMITS[kind].maxSeconds * 1000 + DURATION_GRACE_MS
  )
    throw new MediaRefusal("media_too_long");
}
