/**
 * npm run bench:growth -- [--small 100000] [--large 10000000] [--requests 200] [--warmup 3]
 *   [--measured 10] [--burst 10000] [--burst-users 100] [--fleet 1] [--rounds 2] [--build] [--out file]
 * One database (a fresh embedded PostgreSQL, or BENCH_DATABASE_URL's server), measured twice: with
 * about `--small` delivery rows, then grown to about `--large` (scripts/bench/growth-seed.ts: users
 * with 13 months of history each, statuses, channels and replies; the first size's rows stay).
 * At each size: the p50/p95 of the signed-in reads served by `next start` of this checkout's build
 * (the /activity page, a later activity page, the /reminders page, a reminder's History, the
 * dashboard), each read's SQL with EXPLAIN (ANALYZE, BUFFERS), and the engine's throughput (a
 * burst of `--burst` due reminders delivered by `--fleet` built workers, dist/worker.mjs, against
 * the loopback peers; duplicates and losses counted at the peers). Prints JSON with each figure at
 * both sizes and its ratio (large against small, the worse way round; target at most 1.2), table
 * and index sizes and the autovacuum settings in effect; writes bench/results/growth.json.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { benchDatabase, numberFlag, writeResult } from "@/tests/support/bench-kit";
import { openFleetContext } from "./bench/fleet-context";
import { runFleet } from "./bench/fleet-run";
import { buildWorker } from "./bench/fleet-workers";
import { measurePages, type MeasuredUser, type PageFigure } from "./bench/growth-pages";
import { explainReads, type QueryPlan } from "./bench/growth-plans";
import {
  growthReminderId,
  growthSessions,
  ROWS_PER_USER,
  seedGrowthUsers,
  SPAN_DAYS,
} from "./bench/growth-seed";
import { autovacuumSettings, tableSizes } from "./bench/growth-sizes";
import { startApp, stopNextServer } from "./bench/next-server";

const SMALL = numberFlag("small", 100_000);
const LARGE = numberFlag("large", 10_000_000);
const REQUESTS = numberFlag("requests", 200);
const WARMUP = numberFlag("warmup", 3);
const BURST = numberFlag("burst", 10_000);
const BURST_USERS = numberFlag("burst-users", 100);
const FLEET = numberFlag("fleet", 1);
const ROUNDS = numberFlag("rounds", 2);
const TABLES = ["deliveries", "delivery_replies", "reminders"];
const TARGET_RATIO = 1.2;

const smallUsers = Math.max(1, Math.round(SMALL / ROWS_PER_USER));
const largeUsers = Math.max(smallUsers + 1, Math.round(LARGE / ROWS_PER_USER));
const MEASURED = Math.min(numberFlag("measured", 10), smallUsers);
const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
const loadAtStart = load();
console.log(
  `bench:growth  ${(smallUsers * ROWS_PER_USER).toLocaleString("en")} then ${(largeUsers * ROWS_PER_USER).toLocaleString("en")} deliveries (${smallUsers} then ${largeUsers} users), ${REQUESTS} requests per read, bursts of ${BURST} to a fleet of ${FLEET} × ${ROUNDS}  load ${loadAtStart.join(" ")}`,
);

if (process.argv.includes("--build") || !existsSync(".next/BUILD_ID")) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("npm run build failed");
} else buildWorker();

const db = await benchDatabase("bench_growth");
process.env.DATABASE_URL = db.url;
const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-bench-growth-"));
chmodSync(dir, 0o755);
const client = new pg.Client({ connectionString: db.url });
await client.connect();
const fleet = await openFleetContext(db.url, {
  harness: "growth-bench",
  reminders: BURST,
  users: BURST_USERS,
  sampleMs: 250,
  prefix: "burst-",
});
// Every history ends here; reminders fall due after the run.
const end = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);

async function grow(from: number, to: number) {
  const started = performance.now();
  let rows = 0;
  await seedGrowthUsers(
    client,
    { from, to, end },
    {
      onBatch: (n) => {
        rows += n;
        console.log(
          `  ${rows.toLocaleString("en")} rows (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        );
      },
    },
  );
  // The tables as autovacuum leaves them after a bulk load (statistics, visibility map), so a
  // figure does not depend on whether it had run yet.
  await client.query("vacuum analyze");
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

/** The measured users' cookies, a cursor half-way down each one's activity, and their History reminder. */
async function measuredUsers(sessions: Awaited<ReturnType<typeof growthSessions>>): Promise<MeasuredUser[]> {
  const { db: app } = await import("@/lib/db");
  const { deliveries } = await import("@/db/schema");
  const { desc, eq } = await import("drizzle-orm");
  const { integerIdCursor, keysetSortKey } = await import("@/lib/db/keyset-cursor");
  const out: MeasuredUser[] = [];
  for (const { user, id, token } of sessions) {
    const [middle] = await app
      .select({ key: keysetSortKey(deliveries.createdAt), id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.workspaceId, id))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .offset(ROWS_PER_USER / 2)
      .limit(1);
    out.push({
      id,
      cookie: `${SESSION_COOKIE}=${token}`,
      activityCursor: integerIdCursor.encode(middle.key, middle.id),
      // Reminder 12 is an SMS one: its history carries replies.
      reminderId: growthReminderId(user, 12),
    });
  }
  return out;
}

interface SizeFigures {
  deliveries: number;
  seededSeconds: number;
  pages: Record<string, PageFigure>;
  domain: Record<string, { p50: number; p95: number }>;
  engine: { deliveriesPerSecond: number; eachRound: number[]; duplicates: number; lost: number };
  plans: Record<string, QueryPlan[]>;
  sizes: Record<string, unknown>;
  autovacuum: Awaited<ReturnType<typeof autovacuumSettings>>;
}

async function measure(label: string, users: MeasuredUser[], seededSeconds: number): Promise<SizeFigures> {
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from deliveries");
  console.log(`\n== ${label}: ${rows[0].n.toLocaleString("en")} deliveries`);
  // Two passes, before and after the engine's bursts, each on a fresh server: other work on the
  // machine weighs on one more than the other, and each figure is the lower of the two.
  const pass = async () => {
    const app = await startApp(db.url, dir);
    try {
      const figures = await measurePages(app.base, users, { requests: REQUESTS, warmup: WARMUP });
      for (const [name, f] of Object.entries(figures))
        console.log(
          `${name.padEnd(18)} p50 ${f.p50} ms  p95 ${f.p95} ms  (${f.requests} requests, ${f.wrong} wrong)`,
        );
      return figures;
    } finally {
      await stopNextServer(app.server);
    }
  };
  const firstPass = await pass();
  const { plans, domain } = await explainReads(client, users[0], REQUESTS);
  for (const [name, f] of Object.entries(domain))
    console.log(`${name.padEnd(18)} domain functions in process: p50 ${f.p50} ms  p95 ${f.p95} ms`);
  for (const [name, statements] of Object.entries(plans)) {
    console.log(`\n-- ${name}`);
    for (const s of statements) {
      console.log(
        `   ${s.ms} ms, ${s.buffers} buffers, ${s.indexes.join(", ") || "no index"}: ${s.statement}`,
      );
      for (const line of s.lines) console.log(`      ${line}`);
    }
  }
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) {
    const run = await runFleet(fleet.ctx, FLEET);
    console.log(
      `engine round ${round + 1}: ${run.deliveriesPerSecond} deliveries/s, duplicates ${run.duplicates}, lost ${run.lost}`,
    );
    runs.push(run);
  }
  // The burst's rows leave before the table grows further.
  await client.query("delete from workspaces where starts_with(id, 'burst-')");
  await client.query("delete from users where starts_with(id, 'burst-')");
  const secondPass = await pass();
  const pages = Object.fromEntries(
    Object.entries(firstPass).map(([name, f]) => {
      const g = secondPass[name];
      return [
        name,
        {
          ...f,
          p50: Math.min(f.p50, g.p50),
          p95: Math.min(f.p95, g.p95),
          wrong: f.wrong + g.wrong,
          passes: [f, g],
        },
      ];
    }),
  );
  const eachRound = runs.map((r) => r.deliveriesPerSecond);
  return {
    deliveries: rows[0].n,
    seededSeconds,
    pages,
    domain,
    engine: {
      deliveriesPerSecond: Math.round(eachRound.reduce((a, b) => a + b, 0) / eachRound.length),
      eachRound,
      duplicates: runs.reduce((t, r) => t + r.duplicates, 0),
      lost: runs.reduce((t, r) => t + r.lost, 0),
    },
    plans,
    sizes: await tableSizes(client, TABLES),
    autovacuum: await autovacuumSettings(client, TABLES),
  };
}

/**
 * The month partitions the daily job (maintain_partitions) would have made over the 13 months of
 * history, made by that job run once a month: the rows then land in their own month, as in
 * production, rather than in the default partition.
 */
async function makeHistoryMonths() {
  const { maintainPartitions } = await import("@/lib/maintenance/maintain-partitions");
  const { retentionPolicy } = await import("@/lib/maintenance/retention-policy");
  const start = new Date(end.getTime() - SPAN_DAYS * 86_400_000);
  const at = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
  for (; at <= end; at.setUTCMonth(at.getUTCMonth() + 1)) await maintainPartitions(at, retentionPolicy());
}

let small: SizeFigures;
let large: SizeFigures;
try {
  await makeHistoryMonths();
  console.log(`\nseeding users 1-${smallUsers}`);
  const smallSeconds = await grow(1, smallUsers);
  const users = await measuredUsers(await growthSessions(client, 1, MEASURED));
  small = await measure("small", users, smallSeconds);
  console.log(`\nseeding users ${smallUsers + 1}-${largeUsers}`);
  const largeSeconds = await grow(smallUsers + 1, largeUsers);
  large = await measure("large", users, largeSeconds);
} finally {
  await fleet.close();
}

const ratio = (worse: number, better: number) => Number((worse / better).toFixed(2));
const figures: Record<string, { small: number; large: number; ratio: number; withinTarget: boolean }> = {};
for (const name of Object.keys(small.pages)) {
  for (const p of ["p50", "p95"] as const) {
    const r = ratio(large.pages[name][p], small.pages[name][p]);
    figures[`${name}.${p}Ms`] = {
      small: small.pages[name][p],
      large: large.pages[name][p],
      ratio: r,
      withinTarget: r <= TARGET_RATIO,
    };
  }
}
for (const name of Object.keys(small.domain)) {
  for (const p of ["p50", "p95"] as const) {
    const r = ratio(large.domain[name][p], small.domain[name][p]);
    figures[`${name}.domain.${p}Ms`] = {
      small: small.domain[name][p],
      large: large.domain[name][p],
      ratio: r,
      withinTarget: r <= TARGET_RATIO,
    };
  }
}
const engineRatio = ratio(small.engine.deliveriesPerSecond, large.engine.deliveriesPerSecond);
figures["engine.deliveriesPerSecond"] = {
  small: small.engine.deliveriesPerSecond,
  large: large.engine.deliveriesPerSecond,
  ratio: engineRatio,
  withinTarget: engineRatio <= TARGET_RATIO,
};
const planSummary = (plans: Record<string, QueryPlan[]>) =>
  Object.fromEntries(
    Object.entries(plans).map(([name, statements]) => [
      name,
      statements.map(({ statement, ms, buffers, indexes, seqScans }) => ({
        statement,
        ms,
        buffers,
        indexes,
        seqScans,
      })),
    ]),
  );
const summary = {
  settings: {
    small: { deliveries: small.deliveries, users: smallUsers },
    large: { deliveries: large.deliveries, users: largeUsers },
    rowsPerUser: ROWS_PER_USER,
    requestsPerRead: REQUESTS,
    measuredUsers: MEASURED,
    served: "next start (npm run build), one request at a time, the measured users in turn",
    burst: { reminders: BURST, users: BURST_USERS, fleet: FLEET, rounds: ROUNDS, peerLatencyMs: 1 },
    targetRatio: TARGET_RATIO,
  },
  figures,
  /** Ratios are large against small, the worse way round: latency large/small, throughput small/large. */
  withinTarget: Object.values(figures).every((f) => f.withinTarget),
  duplicates: small.engine.duplicates + large.engine.duplicates,
  lost: small.engine.lost + large.engine.lost,
  small: { ...small, plans: planSummary(small.plans) },
  large: { ...large, plans: planSummary(large.plans) },
  loadAverage: { start: loadAtStart, end: load() },
};
console.log(`\n${JSON.stringify(summary, null, 2)}`);
console.log("\nfigure                          small      large   ratio");
for (const [name, f] of Object.entries(figures))
  console.log(
    `${name.padEnd(28)} ${String(f.small).padStart(8)} ${String(f.large).padStart(10)}   ${f.ratio}${f.withinTarget ? "" : "  (over 1.2)"}`,
  );
writeResult("growth", summary);

await client.end();
const { pool } = await import("@/lib/db");
await pool.end();
await db.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(summary.duplicates === 0 && summary.lost === 0 ? 0 : 1);
