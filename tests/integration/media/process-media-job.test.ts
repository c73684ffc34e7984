import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { CLIPS, makeClip } from "../../support/media-clips";
import { mediaRow, uploadedClip } from "../../support/media-rows";
import { createSignedInUser } from "../../support/users";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

const { JOB_TASKS } = await import("@/jobs/registry");
const { startDeliveryEngine } = await import("@/lib/delivery/engine");
const { withTransaction } = await import("@/lib/db/with-transaction");
const { queueMediaProcessing } = await import("@/lib/media/queue-media-processing");

let stop: (() => Promise<unknown>) | undefined;
afterAll(async () => {
  await stop?.();
  await rm(dataDir, { recursive: true, force: true });
});

it("a clip queued for processing is made ready by the engine's process_media task", async () => {
  const { user } = await createSignedInUser({ planType: "personal" });
  const id = await uploadedClip(user.id, "voice", await makeClip(dataDir, "wish.webm", CLIPS.voiceWebm()));
  const engine = await startDeliveryEngine({ workerId: "media-test", concurrency: 1, tasks: JOB_TASKS });
  stop = () => engine.stop();
  // Queued twice (the upload marked done twice): one job.
  await withTransaction(async (client) => {
    await queueMediaProcessing(client, id);
    await queueMediaProcessing(client, id);
  });
  const deadline = Date.now() + 20_000;
  while ((await mediaRow(id)).status === "processing" && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await mediaRow(id)).toMatchObject({ status: "ready", playbackType: "audio/mpeg" });
});
