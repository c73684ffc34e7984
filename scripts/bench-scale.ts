/**
 * npm run bench:scale -- [--sizes 10000,100000,1000000] [--rounds 30] [--warmup 5] [--seed N] [--out file]
 * The cost of finding and claiming due work (200 due reminders a round: claim, create their
 * delivery rows leased, as the engine's batch does, in one transaction) as scheduled-but-not-due
 * reminders grow. Sizes run in a random order (printed; --seed repeats it), each on emptied
 * tables filled from scratch and vacuum-analyzed, with warm-up rounds left out, so no size gets
 * the caches another one warmed. Prints the query plans used.
 */
import os from "node:os";
import pg from "pg";
import { benchDatabase, numberFlag, seedOwnWorkspaces, writeResult } from "@/tests/support/bench-kit";

const sizesFlag = process.argv.indexOf("--sizes");
const SIZES =
  sizesFlag > 0 ? process.argv[sizesFlag + 1].split(",").map(Number) : [10_000, 100_000, 1_000_000];
const ROUNDS = numberFlag("rounds", 30);
const WARMUP = numberFlag("warmup", 5);
const SEED = numberFlag("seed", Math.floor(Math.random() * 1_000_000));
// A small seeded shuffle (mulberry32), so a run's order can be repeated.
let state = SEED;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ORDER = [...SIZES];
for (let i = ORDER.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [ORDER[i], ORDER[j]] = [ORDER[j], ORDER[i]];
}
console.log(
  `bench:scale  order ${ORDER.join(", ")} (seed ${SEED}), ${WARMUP} warm-up + ${ROUNDS} rounds each`,
);
const DUE = 200;

const db = await benchDatabase("bench_scale");
process.env.DATABASE_URL = db.url;
const { withTransaction } = await import("@/lib/db/with-transaction");
const { materializeDue } = await import("@/lib/delivery/materialize-due");
const { leaseDeliveries } = await import("@/lib/delivery/lease-deliveries");
const { LEASE_MS } = await import("@/lib/delivery/constants");
const { pool } = await import("@/lib/db");

const client = new pg.Client({ connectionString: db.url });
await client.connect();
await client.query(
  `insert into users (id, email, sender_name)
   select 'u' || i, 'u' || i || '@bench.example', 'S' from generate_series(1, 1000) i`,
);
await seedOwnWorkspaces(client, { prefix: "u" }, { planType: "business", remindersQuota: 1_000_000_000 });
await client.query(
  `insert into contacts (id, workspace_id, name, email, unsubscribe_token)
   select 'c' || i, 'u' || i, 'C', 'c' || i || '@bench.example', gen_random_uuid()::text from generate_series(1, 1000) i`,
);

const CLAIM_SQL = `select r.id from reminders r
  where r.status = 'scheduled' and r.next_run_at is not null and r.next_run_at <= now()
  order by r.next_run_at limit 200 for update skip locked`;
const WAKE_SQL = `select least(
  (select min(next_run_at) from reminders where status = 'scheduled' and next_run_at is not null),
  (select min(next_attempt_at) from deliveries where status in ('queued', 'held')),
  (select min(lease_expires_at) from deliveries where status = 'sending')) as at`;

let round = 0;
const results: {
  futureReminders: number;
  claimMsMedian: number;
  claimMsP95: number;
  wakeMsMedian: number;
}[] = [];
for (const size of ORDER) {
  // From empty: `size` not-yet-due reminders spread over the next year.
  await client.query("truncate deliveries, reminders cascade");
  await client.query(
    `insert into reminders (id, workspace_id, created_by, contact_id, message, delivery_method, schedule_type,
       scheduled_for, next_run_at)
     select gen_random_uuid()::text, 'u' || (1 + i % 1000), 'u' || (1 + i % 1000), 'c' || (1 + i % 1000), 'later', 'email', 'once', t, t
       from generate_series($1, $2 - 1) i, lateral (select now() + interval '1 hour' + (i % 525600) * interval '1 minute' as t) x`,
    [0, size],
  );
  await client.query("vacuum analyze reminders");
  await client.query("vacuum analyze deliveries");

  const claimMs: number[] = [];
  const wakeMs: number[] = [];
  for (let r = 0; r < WARMUP + ROUNDS; r++) {
    round++;
    await client.query(
      `insert into reminders (id, workspace_id, created_by, contact_id, message, delivery_method, schedule_type,
         scheduled_for, next_run_at)
       select gen_random_uuid()::text, 'u' || (1 + i % 1000), 'u' || (1 + i % 1000), 'c' || (1 + i % 1000), 'due', 'email', 'once', now() - interval '1 second', now() - interval '1 second'
         from generate_series(1, $1) i`,
      [DUE],
    );
    const t0 = performance.now();
    const leased = await withTransaction(async (tx) => {
      const now = new Date();
      const workerId = `scale-${round}`;
      const lease = { workerId, until: new Date(now.getTime() + LEASE_MS) };
      const { leased: fresh } = await materializeDue(tx, { now, limit: DUE, lease });
      return leaseDeliveries(tx, { workerId, now, limit: DUE, fresh });
    });
    const warm = r >= WARMUP;
    if (warm) claimMs.push(performance.now() - t0);
    if (leased.toSend.length !== DUE) throw new Error(`claimed ${leased.toSend.length} of ${DUE}`);
    // Settle them as sent, as the engine would, so every round starts alike.
    await client.query(
      `update deliveries set status = 'sent', worker_id = null, lease_expires_at = null where status = 'sending'`,
    );
    const t1 = performance.now();
    await client.query(WAKE_SQL);
    if (warm) wakeMs.push(performance.now() - t1);
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
  const p95 = (xs: number[]) => sorted(xs)[Math.floor(xs.length * 0.95)];
  const row = {
    futureReminders: size,
    claimMsMedian: Number(median(claimMs).toFixed(2)),
    claimMsP95: Number(p95(claimMs).toFixed(2)),
    wakeMsMedian: Number(median(wakeMs).toFixed(3)),
  };
  results.push(row);
  console.log(
    `\n== ${size.toLocaleString("en")} future reminders: claim of ${DUE} median ${row.claimMsMedian} ms (p95 ${row.claimMsP95}), next-wake query median ${row.wakeMsMedian} ms`,
  );
  // Plans with one more due batch in place.
  await client.query(
    `insert into reminders (id, workspace_id, created_by, contact_id, message, delivery_method, schedule_type,
       scheduled_for, next_run_at)
     select gen_random_uuid()::text, 'u1', 'u1', 'c1', 'due', 'email', 'once', now() - interval '1 second', now() - interval '1 second' from generate_series(1, $1) i`,
    [DUE],
  );
  for (const [label, sql] of [
    ["claim", CLAIM_SQL],
    ["next wake", WAKE_SQL],
  ]) {
    await client.query("begin");
    const plan = await client.query(`explain (analyze, buffers, costs off, timing off) ${sql}`);
    await client.query("rollback");
    console.log(`-- plan: ${label}`);
    for (const line of plan.rows) console.log(`   ${line["QUERY PLAN"]}`);
  }
  await client.query(
    `update reminders set status = 'cancelled' where message = 'due' and status = 'scheduled'`,
  );
}
results.sort((a, b) => a.futureReminders - b.futureReminders);
const ratio = Number((results[results.length - 1].claimMsMedian / results[0].claimMsMedian).toFixed(2));
console.log(
  `\nclaim cost ${SIZES[SIZES.length - 1].toLocaleString("en")} / ${SIZES[0].toLocaleString("en")}: ${ratio} (target <= 1.5)`,
);
writeResult("scale", {
  rounds: ROUNDS,
  warmupRounds: WARMUP,
  order: ORDER,
  seed: SEED,
  dueperRound: DUE,
  results,
  ratio,
  loadAverage: os.loadavg(),
});
await client.end();
await pool.end();
await db.stop();
process.exit(0);
