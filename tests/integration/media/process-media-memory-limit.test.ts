import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// 400 MiB of address space: ffprobe reads a 4K clip within it, ffmpeg cannot decode and encode it.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
process.env.DATA_DIR = dataDir;
process.env.MEDIA_MEMORY_LIMIT_MB = "400";
delete process.env.S3_BUCKET;

const { CLIPS, makeClip } = await import("../../support/media-clips");
const { mediaRow, uploadedClip } = await import("../../support/media-rows");
const { createSignedInUser } = await import("../../support/users");
const { processMedia } = await import("@/lib/media/process-media");

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("a file that needs more memory than the limit is refused for good, not retried", async () => {
  const uhd = await makeClip(dataDir, "uhd.mp4", CLIPS.phoneMp4(1, "3840x2160"));
  const { user } = await createSignedInUser({ planType: "business" });
  const id = await uploadedClip(user.id, "video", uhd);
  // Not the last attempt, yet final: a refusal, not an error thrown for a retry.
  expect(await processMedia(id, { lastAttempt: false })).toBe("failed");
  expect(await mediaRow(id)).toMatchObject({
    status: "failed",
    failureReason: "media_processing_failed",
    storedBytes: 0,
  });
}, 60_000);
