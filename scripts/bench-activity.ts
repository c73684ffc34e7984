/**
 * npm run bench:activity -- [--rows 100000] [--rounds 50] [--out file]
 * The activity log (GET /api/deliveries, /activity) for one user with 100,000 deliveries (and
 * as many again for other users): the first page, a deep page, and each filter. Prints each
 * query's plan (EXPLAIN ANALYZE of the exact SQL the app runs) and its median/p95 times.
 */
import pg from "pg";
import { benchDatabase, numberFlag, seedOwnWorkspaces, writeResult } from "@/tests/support/bench-kit";

const ROWS = numberFlag("rows", 100_000);
const ROUNDS = numberFlag("rounds", 50);

const db = await benchDatabase("bench_activity");
process.env.DATABASE_URL = db.url;
const { activityQuery, listActivity } = await import("@/lib/activity/list-activity");
const { integerIdCursor } = await import("@/lib/db/keyset-cursor");
const { pool } = await import("@/lib/db");

const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query(
  `insert into users (id, email, sender_name)
   select 'u' || i, 'u' || i || '@bench.example', 'S' from generate_series(1, 20) i`,
);
await seedOwnWorkspaces(client, { prefix: "u" }, { planType: "business", remindersQuota: 1_000_000_000 });
// 50 contacts per user, one daily reminder each; deliveries are their occurrences.
await client.query(
  `insert into contacts (id, workspace_id, name, email, phone, unsubscribe_token)
   select 'c' || u || '-' || i, 'u' || u, 'Contact ' || i, 'c' || u || '-' || i || '@bench.example', '+1212555' || lpad(i::text, 4, '0'), gen_random_uuid()::text
     from generate_series(1, 20) u, generate_series(1, 50) i`,
);
await client.query(
  `insert into reminders (id, workspace_id, contact_id, message, delivery_method, schedule_type, frequency, time, status)
   select 'r' || u || '-' || i, 'u' || u, 'c' || u || '-' || i, 'daily', case when i % 3 = 0 then 'sms' else 'email' end, 'recurring', 'daily', '09:00', 'scheduled'
     from generate_series(1, 20) u, generate_series(1, 50) i`,
);
// u1 holds ROWS deliveries; u2..u20 share as many again. 5 % failed, 1 % skipped (opted out).
async function seed(user: string, count: number) {
  await client.query(
    `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, error_code, attempt_count, sent_at, created_at)
     select 'r' || $1 || '-' || (1 + n % 50), 'u' || $1, 'c' || $1 || '-' || (1 + n % 50),
            timestamptz '2020-01-01' + (n / 50) * interval '1 day' + (n % 50) * interval '1 second',
            case when (1 + n % 50) % 3 = 0 then 'sms' else 'email' end,
            case when n % 100 < 5 then 'failed' when n % 100 = 5 then 'failed' else 'sent' end,
            case when n % 100 < 5 then '550' when n % 100 = 5 then 'opted_out' end, 1,
            timestamptz '2020-01-01' + (n / 50) * interval '1 day',
            timestamptz '2020-01-01' + (n / 50) * interval '1 day' + (n % 50) * interval '1 second'
       from generate_series(0, $2 - 1) n`,
    [user, count],
  );
}
const t0 = performance.now();
await seed("1", ROWS);
for (let u = 2; u <= 20; u++) await seed(String(u), Math.floor(ROWS / 19));
await client.query("vacuum analyze");
console.log(
  `seeded ${ROWS.toLocaleString("en")} + ${(Math.floor(ROWS / 19) * 19).toLocaleString("en")} deliveries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// A cursor half-way down the user's history: keyset pages cost the same at any depth.
const first = await listActivity("u1", { limit: 50 });
const { rows: middle } = await client.query<{ id: string; at: string }>(
  `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
     from deliveries where workspace_id = 'u1' order by created_at desc, id desc offset $1 limit 1`,
  [Math.floor(ROWS / 2)],
);
if (first.items.length !== 50) throw new Error("first page is not full");

const cases: [string, Parameters<typeof activityQuery>[1]][] = [
  ["first page", {}],
  [
    "deep page (cursor at the middle)",
    { cursor: integerIdCursor.encode(middle[0].at, Number(middle[0].id)) },
  ],
  ["status=failed", { status: "failed" }],
  ["status=skipped", { status: "skipped" }],
  ["status=sent, channel=sms", { status: "sent", channel: "sms" }],
  ["contact", { contactId: "c1-7" }],
  ["contact + status=failed", { contactId: "c1-7", status: "failed" }],
];

const results: { case: string; rows: number; msMedian: number; msP95: number; indexes: string[] }[] = [];
for (const [label, query] of cases) {
  const { sql, params } = activityQuery("u1", query, 50).toSQL();
  const plan = await client.query<{ "QUERY PLAN": string }>(
    `explain (analyze, buffers, costs off, timing off) ${sql}`,
    params as unknown[],
  );
  const lines = plan.rows.map((r) => r["QUERY PLAN"]);
  const indexes = [...new Set(lines.flatMap((l) => [...l.matchAll(/using (\w+)/gi)].map((m) => m[1])))];
  const times: number[] = [];
  let count = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const start = performance.now();
    count = (await listActivity("u1", { ...query, limit: 50 })).items.length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const row = {
    case: label,
    rows: count,
    msMedian: Number(times[Math.floor(times.length / 2)].toFixed(2)),
    msP95: Number(times[Math.floor(times.length * 0.95)].toFixed(2)),
    indexes,
  };
  results.push(row);
  console.log(
    `\n== ${label}: ${count} rows, median ${row.msMedian} ms, p95 ${row.msP95} ms (listActivity, ${ROUNDS} rounds)`,
  );
  for (const line of lines) console.log(`   ${line}`);
}
writeResult("activity", { rows: ROWS, rounds: ROUNDS, results });
await client.end();
await pool.end();
await db.stop();
process.exit(0);
