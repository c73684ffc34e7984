/**
 * npm run bench:metrics -- [--rows 2000000] [--rounds 50] [--out file]
 * What a scrape of /api/metrics and a poll of /api/health cost with a large delivery log: ROWS
 * deliveries spread over 13 months (200 users, four channels) and a little waiting work. Prints
 * each read's plan (EXPLAIN ANALYZE of the exact SQL the app runs), the whole scrape's and
 * poll's median/p95, and the last day's count without deliveries_created_idx for comparison.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { benchDatabase, numberFlag, seedOwnWorkspaces, writeResult } from "@/tests/support/bench-kit";
import { percentile } from "./bench-stats";

const ROWS = numberFlag("rows", 2_000_000);
const ROUNDS = numberFlag("rounds", 50);

const db = await benchDatabase("bench_metrics");
process.env.DATABASE_URL = db.url;
const token = randomBytes(32).toString("hex");
process.env.METRICS_TOKEN = token;
const { readMetrics } = await import("@/lib/health/read-metrics");
const { checkHealth } = await import("@/lib/health/check-health");
const statements = await import("@/lib/health/metric-statements");
const { DELIVERY_LAG } = await import("@/lib/health/delivery-lag");
const { pool } = await import("@/lib/db");

const client = new pg.Client({ connectionString: db.url });
await client.connect();
const t0 = performance.now();
await client.query(
  `insert into users (id, email, sender_name)
   select 'u' || i, 'u' || i || '@bench.example', 'S' from generate_series(1, 200) i`,
);
await seedOwnWorkspaces(client, { prefix: "u" }, { planType: "business", remindersQuota: 1_000_000_000 });
await client.query(
  `insert into contacts (id, workspace_id, name, email, unsubscribe_token)
   select 'c' || i, 'u' || (1 + i % 200), 'C', 'c' || i || '@bench.example', gen_random_uuid()::text
     from generate_series(1, 2000) i`,
);
// 2,000 reminders, 100 of them due and not yet taken on.
await client.query(
  `insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, scheduled_for, next_run_at)
   select 'r' || i, 'u' || (1 + i % 200), 'c' || i, 'm', 'email', 'once', t, t
     from (select i, now() + (case when i <= 100 then -1 else 1 end) * i * interval '1 minute' as t
             from generate_series(1, 2000) i) s`,
);
// In created_at order, as the engine appends: 2 % failed, the rest sent or delivered; the newest
// 100 queued (half due), 50 held until later.
await client.query(
  `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, next_attempt_at,
                           attempt_count, last_attempt_at, sent_at, created_at, updated_at)
   select 'r' || (1 + n % 2000), 'u' || (1 + (1 + n % 2000) % 200), 'c' || (1 + n % 2000),
          timestamptz '2000-01-01' + n * interval '1 minute', (array['email', 'sms', 'whatsapp', 'call'])[1 + n % 4],
          case when n >= $1 - 100 then 'queued' when n >= $1 - 150 then 'held'
               when n % 50 = 0 then 'failed' when n % 3 = 0 then 'sent' else 'delivered' end,
          case when n >= $1 - 100 then now() + (n - ($1 - 50)) * interval '1 second'
               when n >= $1 - 150 then now() + interval '8 hours' end,
          1, t, case when n < $1 - 150 and n % 50 <> 0 then t + (n % 7) * interval '100 ms' end, t, t
     from (select n, now() - interval '395 days' + (n::float / $1) * interval '395 days' as t
             from generate_series(0, $1 - 1) n) s`,
  [ROWS],
);
await client.query(
  `insert into webhook_endpoints (id, workspace_id, url, events, secret)
   values ('e1', 'u1', 'https://hooks.example/in', '{delivery.sent}', 'whsec_bench')`,
);
await client.query(
  `insert into webhook_messages (endpoint_id, workspace_id, message_id, event_type, payload, occurred_at, status, next_attempt_at)
   select 'e1', 'u1', 'm' || n, 'delivery.sent', '{}', now(), case when n <= 20 then 'pending' else 'delivered' end,
          case when n <= 20 then now() + (n - 10) * interval '1 minute' end
     from generate_series(1, 100000) n`,
);
await client.query(
  `insert into worker_heartbeats (worker_id, last_seen_at) values ('w1', now()), ('w2', now())`,
);
await client.query("vacuum analyze");
const seeded = (performance.now() - t0) / 1000;
console.log(`seeded ${ROWS.toLocaleString("en")} deliveries in ${seeded.toFixed(1)} s`);

async function explain(text: string) {
  const { rows } = await client.query<{ "QUERY PLAN": string }>(
    `explain (analyze, buffers, costs off) ${text}`,
  );
  const lines = rows.map((r) => r["QUERY PLAN"]);
  const indexes = [
    ...new Set(lines.flatMap((l) => [...l.matchAll(/(?:using|Index Scan on) (\w+)/gi)].map((m) => m[1]))),
  ];
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join("\n"))?.[1]);
  return { lines, indexes, ms, seqScans: lines.filter((l) => l.includes("Seq Scan")).length };
}

const reads = {
  deliveriesLastDay: statements.DELIVERIES_LAST_DAY,
  sendSeconds: statements.SEND_SECONDS,
  deliveryQueue: statements.DELIVERY_QUEUE,
  remindersDue: statements.REMINDERS_DUE,
  webhookBacklog: statements.WEBHOOK_BACKLOG,
  deliveryLag: DELIVERY_LAG,
};
const plans: Record<string, { indexes: string[]; seqScans: number; ms: number }> = {};
for (const [name, statement] of Object.entries(reads)) {
  const plan = await explain(statement.text);
  plans[name] = { indexes: plan.indexes, seqScans: plan.seqScans, ms: plan.ms };
  console.log(`\n== ${name}: ${plan.ms} ms, indexes ${plan.indexes.join(", ") || "none"}`);
  for (const line of plan.lines) console.log(`   ${line}`);
}

// The same count without the index (dropped in a transaction that is rolled back): the whole table.
await client.query("begin");
await client.query("drop index deliveries_created_idx");
const withoutIndex = await explain(statements.DELIVERIES_LAST_DAY.text);
await client.query("rollback");
console.log(`\n== deliveriesLastDay without deliveries_created_idx: ${withoutIndex.ms} ms`);
for (const line of withoutIndex.lines) console.log(`   ${line}`);

async function timed(run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { msMedian: percentile(times, 50), msP95: percentile(times, 95) };
}
const scrape = await timed(() => readMetrics(`Bearer ${token}`));
const poll = await timed(() => checkHealth());
console.log(
  `\nscrape (readMetrics): median ${scrape.msMedian} ms, p95 ${scrape.msP95} ms (${ROUNDS} rounds)`,
);
console.log(`poll (checkHealth): median ${poll.msMedian} ms, p95 ${poll.msP95} ms (${ROUNDS} rounds)`);

const { rows: sizes } = await client.query<{ name: string; bytes: string }>(
  // Partitioned: a table's or index's size is the sum of its partitions'.
  `select c.relname as name, (select sum(pg_relation_size(relid)) from pg_partition_tree(c.oid))::bigint as bytes
     from pg_class c
    where c.relname in ('deliveries', 'deliveries_created_idx', 'deliveries_pkey') order by c.relname`,
);
writeResult("metrics", {
  rows: ROWS,
  rounds: ROUNDS,
  seededSeconds: Number(seeded.toFixed(1)),
  plans,
  deliveriesLastDayWithoutIndexMs: withoutIndex.ms,
  scrape,
  poll,
  sizesMB: Object.fromEntries(sizes.map((s) => [s.name, Math.round(Number(s.bytes) / 1048576)])),
});
await client.end();
await pool.end();
await db.stop();
process.exit(0);
