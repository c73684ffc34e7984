import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, it } from "vitest";
import { ensureJobQueue } from "../../support/job-queue";
import { CLIPS, makeClip } from "../../support/media-clips";
import { mediaRow, uploadedClip } from "../../support/media-rows";
import { createSignedInUser } from "../../support/users";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "remindful-media-store-"));
process.env.DATA_DIR = dataDir;
delete process.env.S3_BUCKET;

const { JOB_FORBIDDEN_FLAGS, JOB_TASKS } = await import("@/jobs/registry");
const { startDeliveryEngine } = await import("@/lib/delivery/engine");
const { pool } = await import("@/lib/db");
const { withTransaction } = await import("@/lib/db/with-transaction");
const { queueMediaProcessing } = await import("@/lib/media/queue-media-processing");

let stop: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The engine as every process starts it (every task, the busy-slot flags), with `concurrency` job slots. */
async function startEngine(workerId: string, concurrency: number) {
  const engine = await startDeliveryEngine({
    workerId,
    concurrency,
    tasks: JOB_TASKS,
    forbiddenFlags: JOB_FORBIDDEN_FLAGS,
  });
  stop = () => engine.stop();
}

async function waitWhileProcessing(ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await Promise.all(ids.map(mediaRow));
    if (rows.every((row) => row.status !== "processing") || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("a clip queued for processing is made ready by the engine's process_media task", async () => {
  const { user } = await createSignedInUser({ planType: "personal" });
  const id = await uploadedClip(user.id, "voice", await makeClip(dataDir, "wish.webm", CLIPS.voiceWebm()));
  await startEngine("media-test", 1);
  // Queued twice (the upload marked done twice): one job.
  await withTransaction(async (client) => {
    await queueMediaProcessing(client, id);
    await queueMediaProcessing(client, id);
  });
  await waitWhileProcessing([id], 20_000);
  expect(await mediaRow(id)).toMatchObject({ status: "ready", playbackType: "audio/mpeg" });
});

it("one account's backlog does not hold another's clip: it goes after the first account's current clip", async () => {
  await ensureJobQueue();
  const clip = await makeClip(dataDir, "turn.webm", CLIPS.voiceWebm(1));
  const busy = (await createSignedInUser({ planType: "business" })).user.id;
  const other = (await createSignedInUser({ planType: "business" })).user.id;
  // Three clips from one account, then one from another, each queued as its upload completes.
  const backlog = [];
  for (let i = 0; i < 3; i++) {
    const id = await uploadedClip(busy, "voice", clip);
    await withTransaction((client) => queueMediaProcessing(client, id));
    backlog.push(id);
  }
  const next = await uploadedClip(other, "voice", clip);
  await withTransaction((client) => queueMediaProcessing(client, next));

  // An account's turn is how many of its clips are already waiting: the other account's first
  // clip ranks with the busy account's first, ahead of its second and third.
  const { rows } = await pool.query<{ key: string; priority: number; flags: Record<string, boolean> }>(
    `select key, priority, flags from graphile_worker.jobs where task_identifier = 'process_media'`,
  );
  const priority = (id: string) => rows.find((row) => row.key === `process-media:${id}`)?.priority;
  expect(backlog.map(priority)).toEqual([0, 1, 2]);
  expect(priority(next)).toBe(0);
  expect(rows.every((row) => row.flags?.media === true)).toBe(true);

  // One job slot, so the clips are fetched in graphile-worker's priority order. (With several slots
  // fetching at one instant, whichever reaches the encode slot first runs and the others are
  // handed back: a busy machine decides that first clip, so the turns hold from the second on.)
  await startEngine("media-turns", 1);
  const done = await waitWhileProcessing([...backlog, next], 60_000);
  expect(done.map((row) => row.status)).toEqual(["ready", "ready", "ready", "ready"]);
  const readyAt = (id: string) => done.find((row) => row.id === id)!.readyAt!.getTime();
  expect(readyAt(next)).toBeLessThan(readyAt(backlog[1]!));
  expect(readyAt(backlog[0]!)).toBeLessThan(readyAt(backlog[1]!));
  expect(readyAt(backlog[1]!)).toBeLessThan(readyAt(backlog[2]!));
}, 90_000);
