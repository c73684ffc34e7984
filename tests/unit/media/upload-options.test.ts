import { describe, expect, it } from "vitest";
import { shouldUseMultipart, uploadChunkSize } from "@/components/media/upload-options";
import { MEDIA_LIMITS, UPLOAD_PROTOCOL } from "@/config/media";

const MiB = 1024 * 1024;

describe("the uploader's parameters", () => {
  it("sends a file in one request up to 100 MB and in parts above", () => {
    expect(UPLOAD_PROTOCOL.multipartThresholdBytes).toBe(100 * MiB);
    expect(shouldUseMultipart({ size: 100 * MiB })).toBe(false);
    expect(shouldUseMultipart({ size: 100 * MiB + 1 })).toBe(true);
    expect(shouldUseMultipart({ size: null })).toBe(false);
  });

  it("cuts parts of at least 5 MiB", () => {
    expect(uploadChunkSize({ size: 101 * MiB })).toBe(5 * MiB);
    // The largest video the server takes goes in 5 MiB parts, well under 10,000 of them.
    const largest = MEDIA_LIMITS.video.maxBytes;
    expect(uploadChunkSize({ size: largest })).toBe(5 * MiB);
    expect(Math.ceil(largest / uploadChunkSize({ size: largest }))).toBeLessThanOrEqual(10_000);
  });

  it("grows the parts so that no file needs more than 10,000", () => {
    const huge = 60_000 * MiB;
    const size = uploadChunkSize({ size: huge });
    expect(size).toBeGreaterThan(5 * MiB);
    expect(Math.ceil(huge / size)).toBeLessThanOrEqual(UPLOAD_PROTOCOL.maxParts);
  });
});
