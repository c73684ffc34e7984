import type { MediaKind } from "@/db/schema/enums";

/**
 * Recorded reminders: what a clip may be, how it is uploaded, how long its links and files live.
 * The browser (recorder, uploader) and the server (upload routes, processing, playback) read these.
 */
export interface MediaLimit {
  /** Longest clip accepted, after probing its content. */
  maxSeconds: number;
  /** Largest file accepted, checked by the server on every upload route. */
  maxBytes: number;
}

export const MEDIA_LIMITS: Record<MediaKind, MediaLimit> = {
  voice: { maxSeconds: 180, maxBytes: 50_000_000 },
  video: { maxSeconds: 120, maxBytes: 500_000_000 },
};

/**
 * Types a browser may declare for a clip (MediaRecorder writes audio/webm and video/webm in
 * Chromium and Firefox, audio/mp4 and video/mp4 in Safari, audio/ogg in older Firefox; phones'
 * own files are often video/quicktime or audio/x-m4a). A first gate only: processing decides from
 * the bytes.
 */
export const MEDIA_DECLARED_TYPES: Record<MediaKind, readonly string[]> = {
  voice: [
    "audio/webm",
    "audio/ogg",
    "audio/mp4",
    "audio/mpeg",
    "audio/aac",
    "audio/x-m4a",
    "audio/wav",
    "audio/x-wav",
    "audio/wave",
  ],
  video: ["video/webm", "video/mp4", "video/quicktime", "video/x-matroska", "video/3gpp"],
};

/** Where the uploader's routes live: `<endpoint>/s3/multipart`, `<endpoint>/s3/params`, ... */
export const UPLOAD_ENDPOINT = "/api/uploads";

/** The uploader's settings, by the upload protocol's defaults. */
export const UPLOAD_PROTOCOL = {
  concurrentRequests: 6,
  /** Files up to this size go in one signed PUT; larger ones in parts. */
  multipartThresholdBytes: 100 * 1024 * 1024,
  minPartBytes: 5 * 1024 * 1024,
  maxParts: 10_000,
  retryDelaysMs: [0, 1_000, 3_000, 5_000],
  signedUrlExpirySeconds: 604_800,
} as const;

/** Twilio accepts WhatsApp video media of at most 16 MB. */
export const WHATSAPP_VIDEO_MAX_BYTES = 16_000_000;

/** A playback link works this many days after its delivery was sent (or until revoked). */
export const PLAYBACK_LINK_DAYS = 90;

/** Uploads not finished this long after they began are aborted and their parts removed. */
export const ABANDONED_UPLOAD_HOURS = 24;

/**
 * A clip no scheduled reminder uses any more (its reminders sent, cancelled or deleted) is removed
 * this many days later, with every rendition; playback links to it then answer 404.
 */
export const MEDIA_RETENTION_DAYS = 120;
