/**
 * npm run bench:delivery -- [--reminders 100000] [--users 1000] [--workers 1] [--sink-latency-ms 1]
 *   [--concurrency 20] [--parallel P] [--sms-share 0.1] [--local-queue 500] [--smtp-pool N] [--profile] [--out file]
 * npm run bench:delivery -- --scenario group [--members 20000] [--workers 1] [--concurrency 20] [--out file]:
 *   a group reminder against as many single reminders instead (scripts/bench/delivery-group.ts).
 * All reminders fall due at one instant; W `npm run worker` processes deliver them to loopback
 * SMTP and Twilio-shaped sinks. Then, in the same run and on the same database, graphile-worker
 * alone runs as many no-op jobs with the same processes and concurrency, twice: with its default
 * settings and with its batched mode (localQueue + batched completion). Each baseline's jobs are
 * queued first and the database analyzed after, so the planner sees the jobs it will pick (as it
 * would in production once autovacuum has run), not the empty table of a fresh database.
 * Prints statements and transactions per delivery / per job (pg_stat_statements) for the profile.
 */
import pg from "pg";
import { makeWorkerUtils } from "graphile-worker";
import { startBareSmtpSink } from "@/tests/support/bare-smtp-sink";
import { startTwilioSink, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from "@/tests/support/twilio-sink";
import {
  benchDatabase,
  cpuSeconds,
  lateness,
  numberFlag,
  peakMemoryMb,
  perItem,
  postgresCpuSeconds,
  resetStatements,
  seedDue,
  statementCounts,
  topStatements,
  waitUntil,
  writeResult,
} from "@/tests/support/bench-kit";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { summariseProfiles } from "./bench/cpu-profile";
import { benchDeliveryGroup } from "./bench/delivery-group";
import { buildWorker, spawnFleetWorker } from "./bench/fleet-workers";
import { SMTP_POOL_SIZE_DEFAULT } from "@/lib/env";

const N = numberFlag("reminders", 100_000);
const USERS = numberFlag("users", 1_000);
const W = numberFlag("workers", 1);
const LATENCY = numberFlag("sink-latency-ms", 1);
const C = numberFlag("concurrency", 20);
const SMS_SHARE = numberFlag("sms-share", 0.1);
const LOCAL_QUEUE = numberFlag("local-queue", 500);
// Dispatch batches per wake-up (WORKER_PARALLEL); 0 keeps the worker's default.
const PARALLEL = numberFlag("parallel", 0);
// SMTP connections: the default (SMTP_POOL_SIZE), or more when the sink's latency needs them
// for ~1,000 messages/s.
const SMTP_POOL = numberFlag("smtp-pool", Math.max(SMTP_POOL_SIZE_DEFAULT, Math.ceil(LATENCY)));

const db = await benchDatabase("bench_delivery");
const smtp = await startBareSmtpSink({ latencyMs: LATENCY });
const twilio = await startTwilioSink({ latencyMs: LATENCY });
const client = new pg.Client({ connectionString: db.url });
await client.connect();

const workerEnv = {
  DATABASE_URL: db.url,
  SMTP_URL: smtp.url,
  TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
  TWILIO_SMS_FROM: "+15005550006",
  TWILIO_WHATSAPP_FROM: "+14155238886",
  TWILIO_API_BASE: twilio.base,
  // The engine's own throughput: the sink does not limit senders (a real long code sends 1 a second).
  TWILIO_SMS_MPS: "1000",
  WORKER_CONCURRENCY: String(C),
  ...(PARALLEL ? { WORKER_PARALLEL: String(PARALLEL) } : {}),
  SMTP_POOL_SIZE: String(SMTP_POOL),
};
// What `npm run worker` runs: the bundle (dist/worker.mjs) of this checkout, built first.
buildWorker();
const spawnWorker = (env: Record<string, string>, profileDir?: string) =>
  spawnFleetWorker(env, "bench-delivery", profileDir);
const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const loadAtStart = load();
// --profile: the workers run under --cpu-prof; their self time is printed by package and function.
if (process.argv.includes("--scenario")) {
  const scenario = process.argv[process.argv.indexOf("--scenario") + 1];
  if (scenario !== "group") throw new Error("--scenario takes: group");
  const members = numberFlag("members", 20_000);
  console.log(
    `bench:delivery --scenario group  members=${members} workers=${W} concurrency=${C} sink latency=${LATENCY} ms  load ${loadAtStart.join(" ")}`,
  );
  const workers = Array.from({ length: W }, () => spawnWorker(workerEnv));
  await waitUntil(
    async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= W,
    60_000,
  );
  const summary = await benchDeliveryGroup(client, smtp, members);
  for (const w of workers) w.kill("SIGTERM");
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once("exit", resolve))));
  const loadAtEnd = load();
  console.log(`load average            ${loadAtStart.join(" ")} -> ${loadAtEnd.join(" ")}`);
  writeResult("delivery-group", {
    workers: W,
    concurrency: C,
    sinkLatencyMs: LATENCY,
    ...summary,
    loadAverage: { start: loadAtStart, end: loadAtEnd },
  });
  await client.end();
  await smtp.close();
  await twilio.close();
  await db.stop();
  process.exit(0);
}
console.log(
  `bench:delivery  reminders=${N} users=${USERS} workers=${W} concurrency=${C} sink latency=${LATENCY} ms smtp pool=${SMTP_POOL}  load ${loadAtStart.join(" ")}`,
);
const PROFILE = process.argv.includes("--profile")
  ? mkdtempSync(path.join(os.tmpdir(), "remindful-worker-prof-"))
  : undefined;
// The default baseline runs before and after the engine, and the ratio uses their mean: on a
// shared machine the load moves during a run, and one side measured at a quiet moment skews it.
const plainBefore = await baseline(0);
const workers = Array.from({ length: W }, () => spawnWorker(workerEnv, PROFILE));
await waitUntil(
  async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= W,
  60_000,
);

// Started and idle: what loading the code costs, apart from what the burst adds.
const memoryAtStart = workers.map((w) => peakMemoryMb(w.pid));
const dueAt = new Date(Date.now() + 15_000 + N / 20);
const seedStart = Date.now();
await seedDue(client, { reminders: N, users: USERS, dueAt, smsShare: SMS_SHARE });
console.log(`seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; due at ${dueAt.toISOString()}`);
if (Date.now() > dueAt.getTime()) console.warn("warning: seeding ended after the due time");
await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt.getTime() - Date.now() - 1_000)));
await resetStatements(client);
const engineBefore = await statementCounts(client);
const cpuBefore = {
  workers: workers.map((w) => cpuSeconds(w.pid)),
  postgres: await postgresCpuSeconds(client),
  harness: process.cpuUsage(),
};

await waitUntil(
  async () =>
    (await client.query("select count(*)::int as n from deliveries where status in ('sent', 'failed')"))
      .rows[0].n >= N,
  15 * 60_000,
  250,
);
const memory = workers.map((w) => peakMemoryMb(w.pid));
const engineCost = perItem(engineBefore, await statementCounts(client), N);
// Where the CPU went while delivering: worker processes, PostgreSQL, and this process (the
// SMTP and Twilio sinks plus the progress query), in CPU milliseconds per delivery.
const engineCpu = {
  worker: perMs(workers.reduce((t, w, i) => t + cpuSeconds(w.pid) - cpuBefore.workers[i], 0)),
  postgres: perMs((await postgresCpuSeconds(client)) - cpuBefore.postgres),
  sinks: perMs(harnessSeconds(cpuBefore.harness)),
};
const engineTop = await topStatements(client);
for (const w of workers) w.kill("SIGTERM");
await Promise.all(workers.map((w) => new Promise((resolve) => w.once("exit", resolve))));

const { rows: span } = await client.query<{ last: Date; failed: number }>(
  `select max(sent_at) as last, count(*) filter (where status = 'failed')::int as failed from deliveries`,
);
const seconds = (span[0].last.getTime() - dueAt.getTime()) / 1000;
const rate = Math.round(N / seconds);
const late = await lateness(client);
const recipients = [...smtp.messages.map((m) => m.to[0]), ...twilio.messages.map((m) => m.to)];
const distinct = new Set(recipients).size;
const duplicates = recipients.length - distinct;
const lost = N - distinct;

function perMs(seconds: number) {
  return Number(((seconds * 1000) / N).toFixed(3));
}

function harnessSeconds(since: NodeJS.CpuUsage) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

/** graphile-worker alone: N no-op jobs, same processes and concurrency, same database. */
async function baseline(localQueue: number) {
  const utils = await makeWorkerUtils({ connectionString: db.url });
  for (let i = 0; i < N; i += 10_000) {
    await utils.addJobs(
      Array.from({ length: Math.min(10_000, N - i) }, () => ({ identifier: "noop", payload: {} })),
    );
  }
  await utils.release();
  // Fresh statistics: the planner knows the jobs table holds N rows.
  await client.query("analyze");
  await resetStatements(client);
  const before = await statementCounts(client);
  const postgresBefore = await postgresCpuSeconds(client);
  const noops = Array.from({ length: W }, () =>
    spawn(
      process.execPath,
      ["--import", "./scripts/allow-server-only.mjs", "--import", "tsx", "scripts/bench/noop-worker.ts"],
      {
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          WORKER_CONCURRENCY: String(C),
          NOOP_LOCAL_QUEUE: String(localQueue),
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    ),
  );
  const reports = noops.map(
    (w) =>
      new Promise<{ first: number; last: number; count: number }>((resolve) => {
        let out = "";
        w.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
        w.once("exit", () => resolve(JSON.parse(out.trim().split("\n").pop() || "{}")));
      }),
  );
  const remaining = async () =>
    (
      await client.query(
        "select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'noop'",
      )
    ).rows[0].n as number;
  // Worker CPU counts from its first job, not its start-up (loading tsx and graphile-worker).
  let workerCpuAtStart: number | undefined;
  await waitUntil(
    async () => {
      const left = await remaining();
      if (workerCpuAtStart === undefined && left < N)
        workerCpuAtStart = noops.reduce((t, w) => t + cpuSeconds(w.pid), 0);
      return left === 0;
    },
    15 * 60_000,
    20,
  );
  // From the first job's start (as the engine's rate counts from the due time) to the
  // moment the last job's completion was committed.
  const end = Date.now();
  const cost = perItem(before, await statementCounts(client), N);
  const cpu = {
    worker: perMs(noops.reduce((t, w) => t + cpuSeconds(w.pid), 0) - (workerCpuAtStart ?? 0)),
    postgres: perMs((await postgresCpuSeconds(client)) - postgresBefore),
  };
  const top = await topStatements(client, 8);
  for (const w of noops) w.kill("SIGTERM");
  const ran = await Promise.all(reports);
  const start = Math.min(...ran.map((r) => r.first));
  const jobsPerSecond = Math.round(N / ((end - start) / 1000));
  return { jobsPerSecond, perJob: cost, cpuMsPerJob: cpu, topStatements: top };
}

const profile = PROFILE ? summariseProfiles(PROFILE) : undefined;
if (profile) {
  console.log(`worker CPU profile (${profile.totalMs} ms sampled):`);
  for (const a of profile.byArea) console.log(`  ${String(a.percent).padStart(5)} %  ${a.name}`);
  for (const f of profile.topFunctions) console.log(`  ${String(f.percent).padStart(5)} %  ${f.name}`);
}

const plain = await baseline(0);
const batched = await baseline(LOCAL_QUEUE);
const noopRate = Math.round((plainBefore.jobsPerSecond + plain.jobsPerSecond) / 2);
const loadAtEnd = load();

const result = {
  reminders: N,
  users: USERS,
  workers: W,
  concurrency: C,
  parallel: PARALLEL || "default: min(concurrency, 4)",
  sinkLatencyMs: LATENCY,
  deliveriesPerSecond: rate,
  secondsFromDueToLastSend: Number(seconds.toFixed(2)),
  latenessMs: late,
  failed: span[0].failed,
  duplicates,
  lost,
  peakMemoryMbPerWorker: memory,
  peakMemoryMbPerWorkerBeforeBurst: memoryAtStart,
  smtpPoolSize: SMTP_POOL,
  perDelivery: engineCost,
  cpuMsPerDelivery: engineCpu,
  workerProfile: profile,
  engineTopStatements: engineTop,
  graphileNoopJobsPerSecond: noopRate,
  graphileDefault: plain,
  graphileDefaultBeforeEngine: plainBefore,
  graphileLocalQueue: { size: LOCAL_QUEUE, ...batched },
  ratio: Number((rate / noopRate).toFixed(2)),
  ratioToLocalQueue: Number((rate / batched.jobsPerSecond).toFixed(2)),
  loadAverage: { start: loadAtStart, end: loadAtEnd },
};
console.log(`
deliveries/s            ${rate}  (${N} in ${seconds.toFixed(1)} s after the due time)
lateness ms             p50 ${late.p50}  p95 ${late.p95}  p99 ${late.p99}  max ${late.max}
duplicates / lost       ${duplicates} / ${lost}   failed: ${span[0].failed}
peak memory per worker  ${memory.join(", ")} MB (${memoryAtStart.join(", ")} MB started, before the burst)
per delivery            ${engineCost.statements} statements, ${engineCost.transactions} transactions; CPU ms: worker ${engineCpu.worker}, postgres ${engineCpu.postgres}, sinks ${engineCpu.sinks}
graphile no-op jobs/s   ${noopRate} default, mean of ${plainBefore.jobsPerSecond} before and ${plain.jobsPerSecond} after the engine (${plain.perJob.statements} statements/job; CPU ms worker ${plain.cpuMsPerJob.worker}, postgres ${plain.cpuMsPerJob.postgres})
                        ${batched.jobsPerSecond} localQueue ${LOCAL_QUEUE} (${batched.perJob.statements} statements/job; CPU ms worker ${batched.cpuMsPerJob.worker}, postgres ${batched.cpuMsPerJob.postgres})
ratio                   ${result.ratio} to default (target >= 1.0), ${result.ratioToLocalQueue} to localQueue
load average            ${loadAtStart.join(" ")} -> ${loadAtEnd.join(" ")}
top statements during delivery (calls, ms):
${engineTop.map((t) => `  ${String(t.calls).padStart(7)} ${String(t.ms).padStart(9)}  ${t.query}`).join("\n")}`);
writeResult("delivery", result, { profiled: Boolean(PROFILE) });

await client.end();
await smtp.close();
await twilio.close();
await db.stop();
process.exit(0);
