import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { mediaTools } from "@/lib/media/media-tools";

const run = promisify(execFile);

const sine = (seconds: number) => [
  "-f",
  "lavfi",
  "-i",
  `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
];
const picture = (seconds: number, size: string) => [
  "-f",
  "lavfi",
  "-i",
  `testsrc=size=${size}:rate=30:duration=${seconds}`,
];
// MediaRecorder writes WebM as a stream: no duration and no cues in the header (`-live 1`).
const liveWebm = ["-live", "1", "-f", "webm"];
const vp8 = ["-c:v", "libvpx", "-b:v", "1M", "-deadline", "realtime", "-cpu-used", "8"];
const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
// Safari's MediaRecorder writes fragmented MP4.
const fragmentedMp4 = ["-movflags", "frag_keyframe+empty_moov+default_base_moof", "-f", "mp4"];

/** Clips as each browser's recorder writes them, made with the ffmpeg processing uses. */
export const CLIPS = {
  /** Chrome and Firefox, audio: WebM with Opus. */
  voiceWebm: (s = 3) => [...sine(s), "-c:a", "libopus", ...liveWebm],
  /** Safari, audio: fragmented MP4 with AAC. */
  voiceMp4: (s = 3) => [...sine(s), "-c:a", "aac", ...fragmentedMp4],
  /** A phone's own audio file: MP4 (M4A) with its index at the end. */
  voiceM4a: (s = 3) => [...sine(s), "-c:a", "aac", "-f", "mp4"],
  /** Older Firefox, audio: Ogg with Opus. */
  voiceOgg: (s = 3) => [...sine(s), "-c:a", "libopus", "-f", "ogg"],
  /** A long quiet recording, small and quick to make. */
  longVoiceWebm: (s: number) => [
    ...["-f", "lavfi", "-i", `anullsrc=r=8000:cl=mono`, "-t", String(s)],
    ...["-c:a", "libopus", "-b:a", "6k", ...liveWebm],
  ],
  /** Chrome and Firefox, video: WebM with VP8 and Opus. */
  videoWebm: (s = 3, size = "640x480") => [
    ...picture(s, size),
    ...sine(s),
    ...vp8,
    "-c:a",
    "libopus",
    ...liveWebm,
  ],
  /** Safari, video: fragmented MP4 with H.264 and AAC. */
  videoMp4: (s = 3, size = "640x480") => [
    ...picture(s, size),
    ...sine(s),
    ...h264,
    "-c:a",
    "aac",
    ...fragmentedMp4,
  ],
  /** A phone's own video file: MP4 with its index first. */
  phoneMp4: (s = 3, size = "640x480") => [
    ...picture(s, size),
    ...sine(s),
    ...h264,
    ...["-c:a", "aac", "-movflags", "+faststart", "-f", "mp4"],
  ],
  /** An iPhone's own video: QuickTime with HEVC and AAC. */
  iphoneMov: (s = 2) => [
    ...picture(s, "640x480"),
    ...sine(s),
    ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p"],
    ...["-tag:v", "hvc1", "-c:a", "aac", "-f", "mov"],
  ],
  /** A video with no sound track. */
  silentVideoMp4: (s = 3) => [...picture(s, "320x240"), ...h264, "-f", "mp4"],
  /** Random-looking pictures: hard to compress, so its playback file is large. */
  noisyVideoMp4: (s = 4) => [
    ...["-f", "lavfi", "-i", `nullsrc=size=320x180:rate=30:duration=${s},geq=random(1)*255:128:128`],
    ...sine(s),
    ...h264,
    ...["-c:a", "aac", "-f", "mp4"],
  ],
  /** A picture bomb: a few black frames, each `size` (16000×16000: 256 megapixels), small on disk. */
  pictureBombMp4: (size = "16000x16000", frames = 2) => [
    ...["-f", "lavfi", "-i", `color=black:size=${size}:rate=1`, "-frames:v", String(frames)],
    ...h264,
    "-f",
    "mp4",
  ],
  /** Tiny pictures at 1,000 frames per second. */
  thousandFpsMp4: (s = 1) => [
    ...["-f", "lavfi", "-i", `testsrc=size=64x64:rate=1000:duration=${s}`],
    ...h264,
    "-f",
    "mp4",
  ],
  /** One sound track repeated `tracks` times in one WebM. */
  manyTracksWebm: (tracks: number) => [
    ...sine(1),
    ...Array.from({ length: tracks }, () => ["-map", "0:a"]).flat(),
    ...["-c:a", "libopus", ...liveWebm],
  ],
  /** A video in a codec no recorder or phone writes (FFV1, lossless) in Matroska. */
  ffv1Mkv: (s = 1) => [...picture(s, "64x64"), "-c:v", "ffv1", "-f", "matroska"],
} satisfies Record<string, (...args: never[]) => string[]>;

/** Writes `dir/name` with ffmpeg `args` (inputs, codecs, container) and returns its path. */
export async function makeClip(dir: string, name: string, args: string[]): Promise<string> {
  const out = path.join(dir, name);
  await run((await mediaTools()).ffmpeg, ["-nostdin", "-v", "error", "-y", ...args, out]);
  return out;
}

/** What ffprobe reads in a rendition: the container, each stream's codec and size, the duration. */
export async function describeClip(file: string) {
  const { stdout } = await run((await mediaTools()).ffprobe, [
    ...["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { format_name: string; duration?: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }[];
  };
  return {
    format: parsed.format.format_name,
    seconds: Number(parsed.format.duration),
    video: parsed.streams.find((s) => s.codec_type === "video"),
    audio: parsed.streams.find((s) => s.codec_type === "audio"),
  };
}

/** `source` played `times` times in a row, stream-copied (long, yet quick to make). */
export async function loopClip(dir: string, name: string, source: string, times: number): Promise<string> {
  const out = path.join(dir, name);
  await run((await mediaTools()).ffmpeg, [
    ...["-nostdin", "-v", "error", "-y", "-stream_loop", String(times - 1), "-i", source],
    ...["-c", "copy", "-f", "mp4", out],
  ]);
  return out;
}

/** The loudness of a file's sound, in dB (ffmpeg's volumedetect): silence reads about -91. */
export async function meanVolume(file: string): Promise<number> {
  const { stderr } = await run((await mediaTools()).ffmpeg, [
    ...["-nostdin", "-v", "info", "-i", file, "-af", "volumedetect", "-f", "null", "-"],
  ]);
  const value = /mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1];
  if (value === undefined) throw new Error(`no volume read from ${file}`);
  return Number(value);
}
