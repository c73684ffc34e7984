/**
 * npm run bench:steady -- [--rate 200] [--seconds 120] [--workers 1] [--idle-settle 30] [--idle-seconds 60] [--out file]
 * Reminders created ahead of time so that `rate` fall due every second (evenly spread) for
 * `seconds`; prints lateness after each due time, and the database's transactions per
 * second while the engine sits idle (no tight polling).
 */
import pg from "pg";
import { startBareSmtpSink } from "@/tests/support/bare-smtp-sink";
import {
  benchDatabase,
  lateness,
  numberFlag,
  perItem,
  seedOwnWorkspaces,
  spawnWorker,
  statementCounts,
  waitUntil,
  writeResult,
} from "@/tests/support/bench-kit";

const RATE = numberFlag("rate", 200);
const SECONDS = numberFlag("seconds", 120);
const W = numberFlag("workers", 1);
const N = RATE * SECONDS;

const db = await benchDatabase("bench_steady");
const smtp = await startBareSmtpSink({ latencyMs: 1 });
const client = new pg.Client({ connectionString: db.url });
await client.connect();
console.log(`bench:steady  ${RATE}/s for ${SECONDS} s (${N} reminders), workers=${W}`);
const workers = Array.from({ length: W }, () =>
  spawnWorker({ DATABASE_URL: db.url, SMTP_URL: smtp.url, WORKER_CONCURRENCY: "20" }),
);
await waitUntil(
  async () => (await client.query("select count(*)::int as n from worker_heartbeats")).rows[0].n >= W,
  60_000,
);

// Idle: how often does the database hear from the engine when nothing is due? Measured after
// start-up has settled (autovacuum analyzing the fresh tables, the first wake-up reads) and over
// whole cycles of the engine's slowest timer (graphile-worker's 60 s poll).
const IDLE_SETTLE_S = numberFlag("idle-settle", 30);
const IDLE_S = numberFlag("idle-seconds", 60);
await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_S * 1000));
const idleBefore = await statementCounts(client);
await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
const idle = perItem(idleBefore, await statementCounts(client), IDLE_S);
// Our own two readings are one statement and transaction each.
const idlePerSecond = Number((idle.transactions ?? 0).toFixed(2));
const idleStatementsPerSecond = idle.statements;

const start = new Date(Math.ceil((Date.now() + 15_000) / 1000) * 1000);
await client.query(`insert into users (id, email, sender_name) values ('u1', 'u1@bench.example', 'Steady')`);
await seedOwnWorkspaces(client, { userIds: ["u1"] }, { planType: "business", remindersQuota: 100_000_000 });
await client.query(
  `insert into contacts (id, workspace_id, name, email, unsubscribe_token)
   select 'c' || i, 'u1', 'Contact ' || i, 'c' || i || '@bench.example', gen_random_uuid()::text from generate_series(1, $1) i`,
  [N],
);
await client.query(
  `insert into reminders (id, workspace_id, created_by, contact_id, message, delivery_method, schedule_type,
     scheduled_for, next_run_at)
   select 'r' || i, 'u1', 'u1', 'c' || (i + 1), 'Steady ' || i, 'email', 'once', t, t
     from generate_series(0, $1 - 1) i, lateral (select $2::timestamptz + (i * 1000.0 / $3) * interval '1 millisecond' as t) x`,
  [N, start, RATE],
);
await client.query("analyze");
console.log(`created ${N} reminders; first due ${start.toISOString()}`);
await waitUntil(
  async () =>
    (await client.query("select count(*)::int as n from deliveries where status = 'sent'")).rows[0].n >= N,
  (SECONDS + 120) * 1000,
  500,
);
for (const w of workers) w.kill("SIGTERM");
const late = await lateness(client);
const received = new Set(smtp.messages.map((m) => m.to[0])).size;
const result = {
  ratePerSecond: RATE,
  seconds: SECONDS,
  workers: W,
  latenessMs: late,
  duplicates: smtp.messages.length - received,
  lost: N - received,
  idleTransactionsPerSecond: idlePerSecond,
  idleStatementsPerSecond,
  idleMeasuredSeconds: IDLE_S,
  targets: { p99Ms: 1000, maxMs: 2000 },
};
console.log(`
lateness ms        p50 ${late.p50}  p95 ${late.p95}  p99 ${late.p99}  max ${late.max}   (targets p99 <= 1000, max <= 2000)
duplicates / lost  ${result.duplicates} / ${result.lost}
idle database      ${idlePerSecond} transactions/s, ${idleStatementsPerSecond} statements/s with the engine waiting (over ${IDLE_S} s)`);
writeResult("steady", result);
await client.end();
await smtp.close();
await db.stop();
process.exit(0);
