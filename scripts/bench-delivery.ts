/**
 * npm run bench:delivery -- [--reminders 100000] [--users 1000] [--workers 1] [--sink-latency-ms 1]
 *   [--concurrency 20] [--sms-share 0.1]
 * All reminders fall due at one instant; W `npm run worker` processes deliver them to loopback
 * SMTP and Twilio-shaped sinks. Then graphile-worker alone runs as many no-op jobs with the
 * same processes and concurrency on the same database, for the ratio.
 */
import pg from "pg";
import { makeWorkerUtils } from "graphile-worker";
import { startSmtpSink } from "@/tests/helpers/smtp-sink";
import { startTwilioSink, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from "@/tests/helpers/twilio-sink";
import {
  benchDatabase,
  lateness,
  numberFlag,
  peakMemoryMb,
  seedDue,
  spawnWorker,
  waitUntil,
  writeResult,
} from "./bench/bench-kit";
import { spawn } from "node:child_process";

const N = numberFlag("reminders", 100_000);
const USERS = numberFlag("users", 1_000);
const W = numberFlag("workers", 1);
const LATENCY = numberFlag("sink-latency-ms", 1);
const C = numberFlag("concurrency", 20);
const SMS_SHARE = numberFlag("sms-share", 0.1);

const db = await benchDatabase("bench_delivery");
const smtp = await startSmtpSink({ latencyMs: LATENCY });
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
};
console.log(
  `bench:delivery  reminders=${N} users=${USERS} workers=${W} concurrency=${C} sink latency=${LATENCY} ms`,
);
const workers = Array.from({ length: W }, () => spawnWorker(workerEnv));
await waitUntil(
  async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= W,
  60_000,
);

const dueAt = new Date(Date.now() + 15_000 + N / 20);
const seedStart = Date.now();
await seedDue(client, { reminders: N, users: USERS, dueAt, smsShare: SMS_SHARE });
console.log(`seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s; due at ${dueAt.toISOString()}`);
if (Date.now() > dueAt.getTime()) console.warn("warning: seeding ended after the due time");

await waitUntil(
  async () =>
    (await client.query("select count(*)::int as n from deliveries where status in ('sent', 'failed')"))
      .rows[0].n >= N,
  15 * 60_000,
  250,
);
const memory = workers.map((w) => peakMemoryMb(w.pid));
for (const w of workers) w.kill("SIGTERM");

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

// graphile-worker alone: N no-op jobs, same processes and concurrency, same database.
const utils = await makeWorkerUtils({ connectionString: db.url });
for (let i = 0; i < N; i += 10_000) {
  await utils.addJobs(
    Array.from({ length: Math.min(10_000, N - i) }, () => ({ identifier: "noop", payload: {} })),
  );
}
await utils.release();
const noops = Array.from({ length: W }, () =>
  spawn(process.execPath, ["--import", "tsx", "scripts/bench/noop-worker.ts"], {
    env: { ...process.env, DATABASE_URL: db.url, WORKER_CONCURRENCY: String(C) },
    stdio: "inherit",
  }),
);
const remaining = async () =>
  (
    await client.query(
      "select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'noop'",
    )
  ).rows[0].n as number;
let t0 = 0;
await waitUntil(
  async () => {
    const left = await remaining();
    if (!t0 && left < N) t0 = Date.now();
    return left === 0;
  },
  15 * 60_000,
  50,
);
const noopRate = Math.round(N / ((Date.now() - t0) / 1000));
for (const w of noops) w.kill("SIGTERM");

const result = {
  reminders: N,
  users: USERS,
  workers: W,
  concurrency: C,
  sinkLatencyMs: LATENCY,
  deliveriesPerSecond: rate,
  secondsFromDueToLastSend: Number(seconds.toFixed(2)),
  latenessMs: late,
  failed: span[0].failed,
  duplicates,
  lost,
  peakMemoryMbPerWorker: memory,
  graphileNoopJobsPerSecond: noopRate,
  ratio: Number((rate / noopRate).toFixed(2)),
};
console.log(`
deliveries/s            ${rate}  (${N} in ${seconds.toFixed(1)} s after the due time)
lateness ms             p50 ${late.p50}  p95 ${late.p95}  p99 ${late.p99}  max ${late.max}
duplicates / lost       ${duplicates} / ${lost}   failed: ${span[0].failed}
peak memory per worker  ${memory.join(", ")} MB
graphile no-op jobs/s   ${noopRate}
ratio                   ${result.ratio} (target >= 0.8)`);
writeResult(`delivery-w${W}`, result);

await client.end();
await smtp.close();
await twilio.close();
await db.stop();
process.exit(0);
