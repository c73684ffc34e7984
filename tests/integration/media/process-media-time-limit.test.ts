import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// Encodes may take one second here: a minute of 1080p takes far longer, so it reaches the limit.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
process.env.DATA_DIR = dataDir;
process.env.MEDIA_ENCODE_TIMEOUT_SECONDS = "1";
delete process.env.S3_BUCKET;

const { CLIPS, loopClip, makeClip } = await import("../../support/media-clips");
const { mediaRow, uploadedClip } = await import("../../support/media-rows");
const { createSignedInUser } = await import("../../support/users");
const { JOB_FORBIDDEN_FLAGS, JOB_TASKS } = await import("@/jobs/registry");
const { startDeliveryEngine } = await import("@/lib/delivery/engine");
const { pool } = await import("@/lib/db");
const { withTransaction } = await import("@/lib/db/with-transaction");
const { queueMediaProcessing } = await import("@/lib/media/queue-media-processing");

let stop: (() => Promise<unknown>) | undefined;
afterAll(async () => {
  await stop?.();
  await rm(dataDir, { recursive: true, force: true });
});

it("an encode killed at its time limit fails the clip for good at the first attempt: the job is not retried", async () => {
  const second = await makeClip(dataDir, "second.mp4", CLIPS.phoneMp4(1, "1920x1080"));
  const minute = await loopClip(dataDir, "minute.mp4", second, 60);
  const { user } = await createSignedInUser({ planType: "business" });
  const id = await uploadedClip(user.id, "video", minute);
  const engine = await startDeliveryEngine({
    workerId: "media-time-limit",
    concurrency: 2,
    tasks: JOB_TASKS,
    forbiddenFlags: JOB_FORBIDDEN_FLAGS,
  });
  stop = () => engine.stop();
  await withTransaction((client) => queueMediaProcessing(client, id));

  const deadline = Date.now() + 60_000;
  while ((await mediaRow(id)).status === "processing" && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await mediaRow(id)).toMatchObject({
    status: "failed",
    failureReason: "media_too_complex",
    storedBytes: 0,
    playbackKey: null,
  });
  // The job ended with its first attempt: nothing left to run again.
  const { rows } = await pool.query(`select attempts from graphile_worker.jobs where key = $1`, [
    `process-media:${id}`,
  ]);
  expect(rows).toEqual([]);
}, 90_000);
