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

/**
 * The containers processing accepts, by what their first bytes say (lib/media/sniff-media-format.ts):
 * what MediaRecorder writes and what phones save. Each names the one ffmpeg demuxer that may open
 * it (`-f`, `-format_whitelist`) and the `format_name` ffprobe must then report. Anything else,
 * playlists and image sequences included, is not media.
 */
export const MEDIA_FORMATS = {
  /** WebM and Matroska: EBML header (1A 45 DF A3). Chrome, Edge, Firefox, Safari 18.4+. */
  matroska: { demuxer: "matroska", formatName: "matroska,webm" },
  /** MP4, MOV, M4A, 3GP: an ISO base media box first (`ftyp`, or QuickTime's `moov`/`mdat`/`wide`/`free`). */
  mov: { demuxer: "mov", formatName: "mov,mp4,m4a,3gp,3g2,mj2" },
  /** Ogg: `OggS`. Firefox's voice recordings, Android recorders. */
  ogg: { demuxer: "ogg", formatName: "ogg" },
  /** WAV: `RIFF....WAVE`. */
  wav: { demuxer: "wav", formatName: "wav" },
  /** MP3: an ID3v2 tag or an MPEG audio frame sync first. */
  mp3: { demuxer: "mp3", formatName: "mp3" },
  /** Raw AAC: an ADTS frame sync first (after an ID3v2 tag, if any). */
  aac: { demuxer: "aac", formatName: "aac" },
} as const;

export type MediaFormat = keyof typeof MEDIA_FORMATS;

/**
 * Codecs a clip's sound and picture may use (ffprobe's `codec_name`); a stream in another codec
 * is not media, so an upload reaches only these decoders. PCM of any layout is `pcm_*`. A cover
 * picture (`attached_pic`) may be a JPEG or PNG; it is never decoded into the rendition.
 */
export const MEDIA_CODECS = {
  video: ["h264", "hevc", "vp8", "vp9", "av1", "mpeg4", "h263"],
  audio: ["opus", "vorbis", "aac", "mp3", "flac", "alac", "amr_nb", "amr_wb"],
  pcmPrefix: "pcm_",
  coverPicture: ["mjpeg", "png"],
} as const;

/**
 * What one file may ask of the machine, read from its headers before anything is decoded
 * (docs/media.md, "Limits"). A phone's 4K (3840 × 2160, DCI 4096 × 2160, either way up) and its
 * 240 fps slow motion fit; 8K and larger pictures do not.
 */
export const MEDIA_FILE_LIMITS = {
  /** Pixels in one frame; also every decoder's `-max_pixels`, so a picture larger than its header said is refused too. */
  maxPixelsPerFrame: 4096 * 2160,
  /** Longest side of a frame, in pixels. */
  maxSide: 4096,
  /** Frames per second a stream may declare. */
  maxFramesPerSecond: 240,
  /** Streams (tracks) in the file, of every type: an iPhone's MOV has up to 6. */
  maxStreams: 16,
} as const;

/**
 * How ffprobe and ffmpeg run (lib/media/run-media-tool.ts): under `prlimit --as` (address space:
 * a decoder that asks for more gets an allocation failure, not the machine's memory) and `nice`,
 * with a fixed number of threads (each thread adds about 150 MB of address space, so the limit
 * holds on any number of cores). With 2 threads, 720p and 4K sources encode within 768 MiB; the
 * default leaves twice that. Memory and encode time are settings (MEDIA_MEMORY_LIMIT_MB,
 * MEDIA_ENCODE_TIMEOUT_SECONDS): these are their bounds and defaults.
 */
export const MEDIA_TOOL_LIMITS = {
  threads: 2,
  niceness: 10,
  memoryMb: { min: 256, max: 16_384, fallback: 1_536 },
  /** One encode (voice, video, WhatsApp copy); killed at its limit, the clip is refused for good. */
  encodeSeconds: { min: 1, max: 3_600, fallback: 900 },
  probeMs: 30_000,
  posterMs: 60_000,
} as const;
