/**
 * npm run bench:media -- [--seconds 60] [--rounds 1] [--bomb-frames 10] [--out file]
 * 1. How long processing takes for a clip as Chrome's MediaRecorder writes it (WebM, VP8 at 720p
 *    and Opus, no duration in the header): probe, rendition(s), poster, WhatsApp copy when needed;
 *    wall time and the tools' CPU time.
 * 2. Through the real job path (a fresh database, one `npm run worker` process with its defaults,
 *    the local store): a 3-second voice clip alone, then a picture bomb (`--bomb-frames` frames of
 *    16000×16000) from one account followed at once by the same voice clip from another; how long
 *    from queueing until the bomb is refused and until each voice clip is ready.
 * The clips are made first with the same ffmpeg (not timed). Prints JSON figures.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { benchDatabase, numberFlag, spawnWorker, waitUntil, writeResult } from "@/tests/support/bench-kit";

const SECONDS = numberFlag("seconds", 60);
const ROUNDS = numberFlag("rounds", 1);
const BOMB_FRAMES = numberFlag("bomb-frames", 10);

const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-bench-media-"));
const db = await benchDatabase("bench_media");
// The worker and this process share the store (DATA_DIR) and the database; set before lib/env loads.
process.env.DATABASE_URL = db.url;
process.env.DATA_DIR = path.join(dir, "data");

const { CLIPS, makeClip } = await import("@/tests/support/media-clips");
const { renderMedia } = await import("@/lib/media/render-media");
const { withTransaction } = await import("@/lib/db/with-transaction");
const { queueMediaProcessing } = await import("@/lib/media/queue-media-processing");
const { getStorage } = await import("@/lib/storage/get-storage");
const { pool } = await import("@/lib/db");

/**
 * CPU time of the tools this process ran and waited for (cutime + cstime in /proc/self/stat), in
 * ms: unlike wall time, it does not grow when other work shares the machine.
 */
function childCpuMs() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // After the command: state is field 3, so cutime (16) and cstime (17) are at 13 and 14, in
  // clock ticks (100 a second on Linux).
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

async function time(kind: "voice" | "video", source: string) {
  const runs: number[] = [];
  const cpu: number[] = [];
  let rendered: Awaited<ReturnType<typeof renderMedia>> | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const work = mkdtempSync(path.join(dir, "work-"));
    const started = performance.now();
    const cpuBefore = childCpuMs();
    rendered = await renderMedia(source, kind, work);
    runs.push(Math.round(performance.now() - started));
    cpu.push(Math.round(childCpuMs() - cpuBefore));
  }
  return {
    kind,
    sourceBytes: statSync(source).size,
    durationMs: rendered?.durationMs,
    playbackBytes: rendered?.playback.bytes,
    whatsapp: rendered?.whatsapp === "playback" ? "playback" : (rendered?.whatsapp?.bytes ?? null),
    ms: runs,
    toolCpuMs: cpu,
    realtimeFactor: Number(((SECONDS * 1000) / Math.min(...runs)).toFixed(2)),
  };
}

const client = new pg.Client({ connectionString: db.url });
let worker: ChildProcess | undefined;

/** A clip of `userId` stored as uploaded and queued, as marking its upload done does. */
async function submit(userId: string, kind: "voice" | "video", file: string) {
  const id = crypto.randomUUID();
  await getStorage().putFile(`media/${id}/source`, file, "application/octet-stream");
  const bytes = statSync(file).size;
  await withTransaction(async (tx) => {
    await tx.query(
      `insert into media (id, user_id, kind, status, filename, source_key, source_bytes, stored_bytes)
       values ($1, $2, $3, 'processing', 'clip', $4, $5, $5)`,
      [id, userId, kind, `media/${id}/source`, bytes],
    );
    await queueMediaProcessing(tx, id);
  });
  return { id, queuedAt: performance.now() };
}

/** Milliseconds from queueing until each clip left `processing`, with its outcome. */
async function settle(clips: { id: string; queuedAt: number }[]) {
  const done = new Map<string, { ms: number; status: string; reason: string | null }>();
  await waitUntil(
    async () => {
      const { rows } = await client.query<{ id: string; status: string; failure_reason: string | null }>(
        `select id, status, failure_reason from media where id = any($1) and status <> 'processing'`,
        [clips.map((c) => c.id)],
      );
      for (const row of rows)
        if (!done.has(row.id)) {
          const queuedAt = clips.find((c) => c.id === row.id)!.queuedAt;
          done.set(row.id, {
            ms: Math.round(performance.now() - queuedAt),
            status: row.status,
            reason: row.failure_reason,
          });
        }
      return done.size === clips.length;
    },
    600_000,
    20,
  );
  return clips.map((c) => done.get(c.id)!);
}

try {
  const video = await makeClip(dir, "chrome.webm", CLIPS.videoWebm(SECONDS, "1280x720"));
  const voice = await makeClip(dir, "chrome-voice.webm", CLIPS.voiceWebm(SECONDS));
  const results = [await time("video", video), await time("voice", voice)];

  const shortVoice = await makeClip(dir, "short-voice.webm", CLIPS.voiceWebm(3));
  const bomb = await makeClip(dir, "bomb.mp4", CLIPS.pictureBombMp4("16000x16000", BOMB_FRAMES));
  await client.connect();
  await client.query(
    `insert into users (id, email, plan_type, timezone) select id, id || '@bench.example', 'business', 'UTC'
       from unnest(array['bomber', 'neighbour', 'alone']) id`,
  );
  worker = spawnWorker({ DATABASE_URL: db.url, DATA_DIR: process.env.DATA_DIR });
  await waitUntil(
    async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= 1,
    60_000,
  );
  const alone: number[] = [];
  const bombRefused: { ms: number; reason: string | null }[] = [];
  const afterBomb: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [single] = await settle([await submit("alone", "voice", shortVoice)]);
    alone.push(single!.ms);
    const queued = [await submit("bomber", "video", bomb), await submit("neighbour", "voice", shortVoice)];
    const [refused, neighbour] = await settle(queued);
    bombRefused.push({ ms: refused!.ms, reason: refused!.reason });
    if (neighbour!.status !== "ready") throw new Error(`the neighbour's clip ended ${neighbour!.status}`);
    afterBomb.push(neighbour!.ms);
  }
  const figures = {
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.trim() },
    options: {
      seconds: SECONDS,
      rounds: ROUNDS,
      source: "WebM VP8 1280x720 30 fps + Opus (testsrc + sine)",
      bomb: `${BOMB_FRAMES} black frames of 16000x16000, H.264 MP4, ${statSync(bomb).size} bytes`,
    },
    results,
    jobPath: {
      voiceAloneMs: alone,
      bombRefused,
      voiceAfterBombMs: afterBomb,
    },
  };
  console.log(JSON.stringify(figures, null, 2));
  writeResult("media", figures);
} finally {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker!.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
  await client.end().catch(() => {});
  await pool.end().catch(() => {});
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
