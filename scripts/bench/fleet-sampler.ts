import type pg from "pg";
import { cpuSeconds } from "@/tests/support/bench-kit";

interface ActivityRow {
  pid: number;
  datname: string | null;
  application_name: string;
  backend_type: string;
  state: string | null;
  wait_event_type: string | null;
  wait_event: string | null;
  query: string;
  /** The backends this one waits for (pg_blocking_pids), when it waits on a lock. */
  blockers: number[] | null;
}

interface LockRow {
  locktype: string;
  mode: string;
  relation: number | null;
}

/** One round trip: every server process (background ones included) and the locks not granted. */
const SAMPLE = `select
  (select coalesce(json_agg(a), '[]') from (
     select pid, datname, application_name, backend_type, state, wait_event_type, wait_event,
            left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as query,
            case when wait_event_type = 'Lock' then pg_blocking_pids(pid) end as blockers
       from pg_stat_activity) a) as activity,
  (select coalesce(json_agg(l), '[]') from (
     select locktype, mode, relation::int as relation from pg_locks
      where not granted and (database is null or database = (select oid from pg_database where datname = $1))) l) as locks,
  pg_backend_pid() as self`;

export interface SamplerOptions {
  /** A connection to another database of the same server (its statements stay out of the bench database's counts). */
  admin: pg.Client;
  /** The benchmark's database: only its backends count for wait states. */
  database: string;
  /** Each worker process: its name (the application_name of its connections) and pid. */
  workers: { name: string; pid: number }[];
  /** The harness's own application_name in the benchmark database. */
  harness: string;
  intervalMs: number;
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/**
 * Samples, every `intervalMs` until stopped: the wait state of each backend serving a worker
 * (on CPU, waiting on a lock, on I/O, or idle in a transaction while the worker computes),
 * the locks not granted, which statements wait on locks, and the CPU time of every process:
 * the workers and each PostgreSQL process, grouped by whom it serves.
 */
export function startSampler(options: SamplerOptions) {
  const { admin, database, workers, harness, intervalMs } = options;
  const names = new Set(workers.map((w) => w.name));
  let samples = 0;
  let withLockWait = 0;
  const states = new Map<string, number>();
  // Most connections each worker process had open at once.
  const connections = new Map<string, number>(workers.map((w) => [w.name, 0]));
  const lockStatements = new Map<string, number>();
  // "waiting statement ⟵ state and last statement of the backend it waits for"
  const blockedBy = new Map<string, number>();
  const notGranted = new Map<string, { lock: string; relation: number | null; n: number }>();
  const backendCpu = new Map<number, { label: string; first: number; last: number }>();
  const workerCpu = new Map<number, { first: number; last: number }>(
    workers.map((w) => [w.pid, { first: cpuSeconds(w.pid), last: cpuSeconds(w.pid) }]),
  );
  const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  let stopped = false;
  let firstSample = true;

  function label(row: ActivityRow, self: number): string {
    if (row.pid === self) return "sampler (this benchmark)";
    if (row.datname === database && names.has(row.application_name)) return row.application_name;
    if (row.datname === database && row.application_name === harness) return "harness (this benchmark)";
    return row.backend_type;
  }

  async function sample() {
    const { rows } = await admin.query<{ activity: ActivityRow[]; locks: LockRow[]; self: number }>(SAMPLE, [
      database,
    ]);
    const { activity, locks, self } = rows[0];
    samples++;
    let lockWait = false;
    const open = new Map<string, number>();
    for (const row of activity) {
      const cpu = cpuSeconds(row.pid);
      const known = backendCpu.get(row.pid);
      // A process seen at the first sample counts from there; one started later, from zero.
      if (known) known.last = cpu;
      else backendCpu.set(row.pid, { label: label(row, self), first: firstSample ? cpu : 0, last: cpu });
      if (row.datname !== database || !names.has(row.application_name)) continue;
      open.set(row.application_name, (open.get(row.application_name) ?? 0) + 1);
      if (row.state === "active") {
        add(states, `active: ${row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : "on CPU"}`);
        if (row.wait_event_type === "Lock") {
          lockWait = true;
          add(lockStatements, row.query);
          for (const pid of row.blockers ?? []) {
            const blocker = activity.find((a) => a.pid === pid);
            add(blockedBy, `${row.query} ⟵ ${blocker ? `${blocker.state}: ${blocker.query}` : `pid ${pid}`}`);
          }
        }
      } else add(states, row.state ?? "unknown");
    }
    if (lockWait) withLockWait++;
    for (const [name, n] of open) connections.set(name, Math.max(connections.get(name) ?? 0, n));
    for (const l of locks) {
      const key = `${l.locktype} ${l.mode} ${l.relation ?? ""}`;
      const entry = notGranted.get(key) ?? { lock: `${l.locktype} ${l.mode}`, relation: l.relation, n: 0 };
      entry.n++;
      notGranted.set(key, entry);
    }
    for (const w of workers) {
      const cpu = cpuSeconds(w.pid);
      // A killed process reads 0: keep its last reading.
      if (cpu > 0) workerCpu.get(w.pid)!.last = cpu;
    }
    firstSample = false;
  }

  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      await sample().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - started))));
    }
  })();

  return {
    /** CPU seconds a worker used since the sampler started (its last reading if it has died). */
    workerCpuSeconds(pid: number): number {
      const w = workerCpu.get(pid)!;
      const now = cpuSeconds(pid);
      if (now > 0) w.last = now;
      return round(w.last - w.first, 2);
    },
    /** Ends sampling; `relationNames` names the relations of locks not granted (their oids are the benchmark database's). */
    async stop(relationNames: (oids: number[]) => Promise<Map<number, string>>) {
      stopped = true;
      await loop;
      await sample().catch(() => {});
      const perSample = (n: number) => round(n / Math.max(1, samples));
      const sorted = <T extends { mean: number }>(xs: T[]) => xs.sort((a, b) => b.mean - a.mean);
      const cpuByWhom = new Map<string, number>();
      for (const b of backendCpu.values())
        cpuByWhom.set(b.label, (cpuByWhom.get(b.label) ?? 0) + b.last - b.first);
      const relations = await relationNames(
        [...notGranted.values()].map((l) => l.relation).filter((oid): oid is number => oid !== null),
      );
      return {
        samples,
        intervalMs,
        /** Most connections each worker had open at once. */
        connectionsPerWorker: Object.fromEntries(connections),
        /** Mean number of the workers' backends in each state over the samples. */
        workerBackends: Object.fromEntries(
          sorted([...states].map(([state, n]) => ({ state, mean: perSample(n) }))).map((s) => [
            s.state,
            s.mean,
          ]),
        ),
        /** Share of samples in which at least one worker backend waited on a heavyweight lock. */
        samplesWithLockWait: perSample(withLockWait),
        lockWaitsByStatement: sorted(
          [...lockStatements].map(([statement, n]) => ({ statement, mean: perSample(n) })),
        ).slice(0, 8),
        /** Which backend (its state and last statement) each waiting statement waited for. */
        lockWaitsBlockedBy: sorted([...blockedBy].map(([pair, n]) => ({ pair, mean: perSample(n) }))).slice(0, 6),
        locksNotGranted: sorted(
          [...notGranted.values()].map((l) => ({
            lock: l.relation === null ? l.lock : `${l.lock} on ${relations.get(l.relation) ?? l.relation}`,
            mean: perSample(l.n),
          })),
        ).slice(0, 8),
        /** CPU seconds of PostgreSQL's processes, by the worker they serve or their kind. */
        postgresCpuSecondsByProcess: Object.fromEntries(
          [...cpuByWhom].sort((a, b) => b[1] - a[1]).map(([whom, s]) => [whom, round(s, 2)]),
        ),
      };
    },
  };
}

export type SamplerSummary = Awaited<ReturnType<ReturnType<typeof startSampler>["stop"]>>;
