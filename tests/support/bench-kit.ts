import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { runMigrations } from "@/lib/db/migrate";

/** What the benchmarks' helpers need of a connection: a pg Client or Pool, or a wrapper of one. */
export interface SqlClient {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

/** `--name value` flags with numeric defaults. */
export function numberFlag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} needs a number`);
  return value;
}

/**
 * A fresh migrated database for one benchmark: BENCH_DATABASE_URL's server when set,
 * else a throw-away embedded PostgreSQL under the system's temp folder.
 */
export async function benchDatabase(name: string) {
  let stop = async () => {};
  let base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "remindful-bench-"));
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dir, "data"),
      database: "postgres",
      persistent: false,
      // Statement counts per phase (round trips): see statementCounts().
      flags: ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=top"],
    });
    base = server.url;
    stop = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const database = `${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${database}`;
  await runMigrations(url.toString());
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  // Absent when BENCH_DATABASE_URL's server does not preload it: counts are then null.
  await client.query("create extension if not exists pg_stat_statements").catch(() => {});
  await client.end();
  return { url: url.toString(), stop };
}

export interface StatementCounts {
  /** Committed transactions in this database. */
  transactions: number;
  /** Statements executed in this database (each one a round trip), or null without pg_stat_statements. */
  statements: number | null;
}

/** Cumulative counters of the current database; subtract two readings for a phase. */
export async function statementCounts(client: pg.Client): Promise<StatementCounts> {
  const tx = await client.query<{ n: string }>(
    "select xact_commit as n from pg_stat_database where datname = current_database()",
  );
  const statements = await client
    .query<{ n: string }>(
      `select coalesce(sum(calls), 0) as n from pg_stat_statements s
         join pg_database d on d.oid = s.dbid where d.datname = current_database()`,
    )
    .then((r) => Number(r.rows[0].n))
    .catch(() => null);
  return { transactions: Number(tx.rows[0].n), statements };
}

/** Per-item difference of two readings. */
export function perItem(before: StatementCounts, after: StatementCounts, items: number) {
  const per = (a: number | null, b: number | null) =>
    a === null || b === null ? null : Number(((a - b) / items).toFixed(3));
  return {
    transactions: per(after.transactions, before.transactions),
    statements: per(after.statements, before.statements),
  };
}

/** Clears pg_stat_statements so topStatements() shows one phase. */
export async function resetStatements(client: pg.Client) {
  await client.query("select pg_stat_statements_reset()").catch(() => {});
}

/** The phase's most frequent statements (calls, total ms), for where a delivery's time goes. */
export async function topStatements(client: pg.Client, limit = 15) {
  const { rows } = await client
    .query<{ calls: string; ms: number; query: string }>(
      `select calls, round(total_exec_time::numeric, 1)::float as ms, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 110) as query
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = current_database() order by calls desc limit $1`,
      [limit],
    )
    .catch(() => ({ rows: [] as { calls: string; ms: number; query: string }[] }));
  return rows.map((r) => ({ calls: Number(r.calls), ms: r.ms, query: r.query }));
}

/** A workspace's plan as the seeds write it (the rest keeps the column defaults). */
export interface SeedPlan {
  planType: string;
  remindersQuota: number;
  paygCreditBalance?: number;
  remindersUsedCurrentPeriod?: number;
}

/**
 * Gives each user whose id is in `userIds` (or starts with `prefix`) a workspace of their own with
 * the same id, owned by them, on `plan`: what sign-up makes (lib/workspaces/create-user.ts), in SQL.
 */
export async function seedOwnWorkspaces(
  client: SqlClient,
  users: { userIds: string[] } | { prefix: string },
  plan: SeedPlan,
) {
  const which =
    "userIds" in users
      ? { where: "u.id = any($1::text[])", value: users.userIds }
      : { where: "starts_with(u.id, $1)", value: users.prefix };
  await client.query(
    `insert into workspaces (id, name, plan_type, reminders_quota, payg_credit_balance, reminders_used_current_period)
     select u.id, left(coalesce(u.sender_name, u.email), 100), $2, $3, $4, $5 from users u where ${which.where}
     -- A scenario run again on one database deletes its users, not their workspaces: start afresh.
     on conflict (id) do update set plan_type = excluded.plan_type, reminders_quota = excluded.reminders_quota,
       payg_credit_balance = excluded.payg_credit_balance,
       reminders_used_current_period = excluded.reminders_used_current_period`,
    [
      which.value,
      plan.planType,
      plan.remindersQuota,
      plan.paygCreditBalance ?? 0,
      plan.remindersUsedCurrentPeriod ?? 0,
    ],
  );
  await client.query(
    `insert into workspace_members (workspace_id, user_id, role)
     select u.id, u.id, 'owner' from users u where ${which.where} on conflict do nothing`,
    [which.value],
  );
}

/**
 * `users` senders, each in a workspace of their own (the same id), one contact per reminder, every
 * reminder due at `dueAt` (e-mail, or SMS for `smsShare` of them), made by its workspace's owner.
 */
export async function seedDue(
  client: Pick<pg.ClientBase, "query">,
  options: { reminders: number; users: number; dueAt: Date; smsShare?: number },
) {
  await client.query(
    `insert into users (id, email, sender_name, timezone)
     select 'u' || i, 'u' || i || '@bench.example', 'Sender ' || i, 'UTC'
       from generate_series(1, $1) i`,
    [options.users],
  );
  await seedOwnWorkspaces(
    client,
    { userIds: Array.from({ length: options.users }, (_, i) => `u${i + 1}`) },
    { planType: "business", remindersQuota: 100_000_000 },
  );
  // SMS contacts live where it is daytime now, so quiet hours do not hold them.
  const hour = new Date().getUTCHours();
  const zone = hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
  const smsEvery = options.smsShare ? Math.round(1 / options.smsShare) : 0;
  await client.query(
    `insert into contacts (id, workspace_id, name, email, phone, timezone, unsubscribe_token, delivery_method)
     select 'c' || i, 'u' || (1 + i % $2), 'Contact ' || i, 'c' || i || '@bench.example',
            '+1555' || lpad(i::text, 7, '0'), $3, gen_random_uuid()::text, 'email'
       from generate_series(1, $1) i`,
    [options.reminders, options.users, zone],
  );
  await client.query(
    `insert into reminders (id, workspace_id, created_by, contact_id, type, message, delivery_method, schedule_type,
       scheduled_for, next_run_at)
     select 'r' || i, 'u' || (1 + i % $2), 'u' || (1 + i % $2), 'c' || i, 'text', 'Benchmark reminder ' || i,
            case when $4 > 0 and i % $4 = 0 then 'sms' else 'email' end, 'once', $3, $3
       from generate_series(1, $1) i`,
    [options.reminders, options.users, options.dueAt, smsEvery],
  );
  await client.query("analyze");
}

/** Starts `npm run worker`'s entry point as a child process with extra environment. */
export function spawnWorker(env: Record<string, string>, profileDir?: string): ChildProcess {
  // One process (tsx as a loader, not its CLI's child process), so its memory can be read.
  const profile = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  return spawn(
    process.execPath,
    [...profile, "--import", "./scripts/allow-server-only.mjs", "--import", "tsx", "jobs/worker.ts"],
    {
      env: {
        ...process.env,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        AUTH_SECRET: "bench",
        APP_URL: "http://localhost:3000",
        TRUSTED_PROXY_HOPS: "0",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
}

/** Peak resident memory (VmHWM) of a live process, in MB. */
export function peakMemoryMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("benchmark timed out");
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Writes a run's figures to `--out <file>` when given, else to bench/results/<name>.json: each
 * benchmark keeps one summary there, which every plain run overwrites. A profiled run is slower
 * than a plain one, so it is written only where --out says.
 */
export function writeResult(name: string, data: Record<string, unknown>, { profiled = false } = {}) {
  const at = process.argv.indexOf("--out");
  const out = at < 0 ? undefined : process.argv[at + 1];
  if (at >= 0 && (!out || out.startsWith("--"))) throw new Error("--out needs a file path");
  if (!out && profiled) {
    console.log("\nprofiled run: figures not written (pass --out <file> to keep them)");
    return;
  }
  const file = out ? path.resolve(out) : path.join(process.cwd(), "bench", "results", `${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, ...data }, null, 2)}\n`,
  );
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
}

export async function lateness(client: pg.Client, filter = "true") {
  const { rows } = await client.query<Record<string, number>>(
    `select count(*)::int as n,
            percentile_cont(0.5) within group (order by ms) as p50,
            percentile_cont(0.95) within group (order by ms) as p95,
            percentile_cont(0.99) within group (order by ms) as p99,
            max(ms) as max
       from (select extract(epoch from (sent_at - occurrence_at)) * 1000 as ms
               from deliveries where sent_at is not null and ${filter}) t`,
  );
  const r = rows[0];
  const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));
  return { n: r.n, p50: round(r.p50), p95: round(r.p95), p99: round(r.p99), max: round(r.max) };
}

const TICKS = 100; // USER_HZ on Linux

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which may hold spaces: state is field 3.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a live process has used so far. */
export function cpuSeconds(pid: number | undefined): number {
  const f = pid ? statFields(pid) : null;
  return f ? (Number(f[11]) + Number(f[12])) / TICKS : 0;
}

/**
 * CPU seconds used by the whole PostgreSQL server behind `client`: the postmaster, its live
 * backends and the ones that already exited (counted in the postmaster's children times).
 */
export async function postgresCpuSeconds(client: pg.Client): Promise<number> {
  const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0].pid;
  const postmaster = Number(statFields(backend)?.[1] ?? 0);
  const main = statFields(postmaster);
  if (!main) return 0;
  let total = (Number(main[11]) + Number(main[12]) + Number(main[13]) + Number(main[14])) / TICKS;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f && Number(f[1]) === postmaster) total += (Number(f[11]) + Number(f[12])) / TICKS;
  }
  return total;
}

/**
 * After the database says everything is done, a message may still be on its way to a sink
 * (a send the database has not heard of, or a duplicate): wait this long before counting.
 */
export const SINK_GRACE_MS = 3_000;
export const sinkGrace = () => new Promise((resolve) => setTimeout(resolve, SINK_GRACE_MS));
