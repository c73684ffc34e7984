import { describe, expect, it } from "vitest";
import { MEDIA_FILE_LIMITS, MEDIA_LIMITS } from "@/config/media";
import { checkMediaProbe } from "@/lib/media/check-media-probe";
import type { MediaProbe, ProbedStream } from "@/lib/media/probe-media";

const stream = (over: Partial<ProbedStream>): ProbedStream => ({
  index: 0,
  type: "video",
  codec: "h264",
  width: 1920,
  height: 1080,
  framesPerSecond: 30,
  channels: 0,
  coverPicture: false,
  ...over,
});
const audio = stream({
  index: 1,
  type: "audio",
  codec: "aac",
  width: 0,
  height: 0,
  framesPerSecond: null,
  channels: 2,
});
const mp4 = (streams: ProbedStream[], durationMs: number | null = 10_000): MediaProbe => ({
  formatName: "mov,mp4,m4a,3gp,3g2,mj2",
  durationMs,
  streams,
  audio: streams.find((s) => s.type === "audio") ?? null,
  video: streams.find((s) => s.type === "video" && !s.coverPicture) ?? null,
});
const refusal = (probe: MediaProbe, kind: "voice" | "video" = "video") => {
  try {
    checkMediaProbe(probe, "mov", kind);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

describe("checkMediaProbe", () => {
  it("accepts a phone's 4K either way up, its slow motion, its metadata tracks and PCM sound", () => {
    expect(refusal(mp4([stream({ width: 3840, height: 2160 }), audio]))).toBeNull();
    expect(refusal(mp4([stream({ width: 2160, height: 3840 }), audio]))).toBeNull();
    expect(refusal(mp4([stream({ width: 4096, height: 2160, framesPerSecond: 240 }), audio]))).toBeNull();
    const data = stream({ index: 2, type: "other", codec: "none", width: 0, height: 0 });
    expect(refusal(mp4([stream({}), audio, data, { ...data, index: 3 }, { ...data, index: 4 }]))).toBeNull();
    expect(refusal(mp4([{ ...audio, codec: "pcm_s16le" }]), "voice")).toBeNull();
    const cover = stream({ index: 1, codec: "mjpeg", width: 600, height: 600, coverPicture: true });
    expect(refusal(mp4([{ ...audio, index: 0 }, cover]), "voice")).toBeNull();
  });

  it("refuses a picture over 4K, by area or by side, cover pictures included", () => {
    expect(refusal(mp4([stream({ width: 16_000, height: 16_000 })]))).toBe("media_picture_too_large");
    expect(refusal(mp4([stream({ width: 7680, height: 4320 })]))).toBe("media_picture_too_large");
    expect(refusal(mp4([stream({ width: MEDIA_FILE_LIMITS.maxSide + 2, height: 64 })]))).toBe(
      "media_picture_too_large",
    );
    const cover = stream({ index: 1, codec: "png", width: 16_000, height: 16_000, coverPicture: true });
    expect(refusal(mp4([audio, cover]), "voice")).toBe("media_picture_too_large");
  });

  it("refuses too many frames per second, too many streams, a long declared duration", () => {
    expect(refusal(mp4([stream({ framesPerSecond: 1000 })]))).toBe("media_frame_rate_too_high");
    const many = Array.from({ length: MEDIA_FILE_LIMITS.maxStreams + 1 }, (_, index) => ({
      ...audio,
      index,
    }));
    expect(refusal(mp4(many), "voice")).toBe("media_too_many_streams");
    expect(refusal(mp4([stream({})], MEDIA_LIMITS.video.maxSeconds * 1000 + 501))).toBe("media_too_long");
    expect(refusal(mp4([stream({})], MEDIA_LIMITS.video.maxSeconds * 1000 + 500))).toBeNull();
  });

  it("refuses a codec outside the list, and a demuxer other than the one the bytes named", () => {
    expect(refusal(mp4([stream({ codec: "ffv1" })]))).toBe("media_not_media");
    expect(refusal(mp4([stream({ codec: "mjpeg" })]))).toBe("media_not_media");
    expect(refusal(mp4([{ ...audio, codec: "adpcm_ms" }]), "voice")).toBe("media_not_media");
    expect(refusal({ ...mp4([stream({})]), formatName: "hls" })).toBe("media_not_media");
  });
});
