import { describe, expect, it } from "vitest";
import { baseMimeType, pickRecorderMimeType, recordingFilename } from "@/components/media/recorder-mime-type";
import { formatClipTime } from "@/components/media/format-clip-time";
import { MEDIA_DECLARED_TYPES } from "@/config/media";

// What each engine's MediaRecorder.isTypeSupported answers for our candidates.
const chromium = (type: string) => type.startsWith("video/webm") || type.startsWith("audio/webm");
const firefoxOld = (type: string) => type === "video/webm;codecs=vp8,opus" || type === "audio/ogg";
const safari = (type: string) => type === "video/mp4" || type === "audio/mp4";

describe("the recorder's type", () => {
  it("takes the first type of the list the browser records", () => {
    expect(pickRecorderMimeType("video", chromium)).toBe("video/webm;codecs=vp9,opus");
    expect(pickRecorderMimeType("voice", chromium)).toBe("audio/webm;codecs=opus");
    expect(pickRecorderMimeType("video", firefoxOld)).toBe("video/webm;codecs=vp8,opus");
    expect(pickRecorderMimeType("voice", firefoxOld)).toBe("audio/ogg");
    expect(pickRecorderMimeType("video", safari)).toBe("video/mp4");
    expect(pickRecorderMimeType("voice", safari)).toBe("audio/mp4");
  });

  it("leaves the choice to the browser when it records none of them", () => {
    expect(pickRecorderMimeType("video", () => false)).toBeNull();
  });

  it("declares the type without codecs, one the server accepts for the kind", () => {
    for (const [kind, check] of [
      ["video", chromium],
      ["video", firefoxOld],
      ["video", safari],
      ["voice", chromium],
      ["voice", firefoxOld],
      ["voice", safari],
    ] as const) {
      const type = baseMimeType(pickRecorderMimeType(kind, check) ?? "");
      expect(MEDIA_DECLARED_TYPES[kind]).toContain(type);
    }
    expect(baseMimeType("Video/WebM; codecs=vp9")).toBe("video/webm");
  });

  it("names a recording by its kind, time and container", () => {
    const at = new Date("2026-05-01T09:30:12Z");
    expect(recordingFilename("voice", "audio/webm;codecs=opus", at)).toBe("voice-2026-05-01-0930.webm");
    expect(recordingFilename("voice", "audio/mp4", at)).toBe("voice-2026-05-01-0930.m4a");
    expect(recordingFilename("video", "video/mp4", at)).toBe("video-2026-05-01-0930.mp4");
    expect(recordingFilename("voice", "audio/ogg", at)).toBe("voice-2026-05-01-0930.ogg");
  });

  it("shows times as m:ss", () => {
    expect(formatClipTime(0)).toBe("0:00");
    expect(formatClipTime(9_999)).toBe("0:09");
    expect(formatClipTime(125_000)).toBe("2:05");
    expect(formatClipTime(180_000)).toBe("3:00");
  });
});
