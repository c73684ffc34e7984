import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import {
  Logger,
  run,
  type ForbiddenFlagsFn,
  type JobHelpers,
  type Runner,
  type TaskList,
} from "graphile-worker";
import { sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { ensureDatabase } from "@/lib/db/connection";
import { ensureSessionDatabase } from "@/lib/db/session-connection";
import { createPatientPool } from "@/lib/db/patient-pool";
import { compileStatement } from "@/lib/db/compile-statement";
import { env } from "@/lib/env";
import { pool } from "@/lib/db";
import { logger } from "@/lib/logger";
import { BATCH_SIZE, DISPATCH_TASK, HEARTBEAT_MS, IDLE_RECHECK_MS, NOTIFY_CHANNEL } from "./constants";
import { createOutcomeRecorder } from "./outcome-recorder";
import { renewLeases } from "./renew-leases";
import { runBatch } from "./run-batch";

export interface EngineOptions {
  workerId?: string;
  /** graphile-worker jobs run at once in this process. */
  concurrency?: number;
  /** Dispatch jobs queued per wake-up (parallel batches across all workers). */
  parallel?: number;
  /** Other graphile-worker tasks this process runs (billing periods, clean-up). */
  tasks?: TaskList;
  /** graphile-worker crontab lines for those tasks. */
  crontab?: string;
  /** Flags of jobs this process must not fetch right now (a task's own slots are all busy). */
  forbiddenFlags?: ForbiddenFlagsFn;
  /** How long `stop()` lets sends in flight finish before giving up on them. */
  shutdownTimeoutMs?: number;
}

export interface StopReport {
  /** Every send in flight finished and was recorded (false: the time ran out first). */
  drained: boolean;
  /** Deliveries still held by this worker when it gave up (their leases run out). */
  stillHeld: number;
}

export interface DeliveryEngine {
  workerId: string;
  /**
   * Stops claiming; sends in flight finish and are recorded; what was claimed and not yet sent
   * is released for other workers at once. Resolves within the shutdown timeout.
   */
  stop(): Promise<StopReport>;
}

/** Deliveries a worker still holds. */
const HELD = compileStatement<{ workerId: string }, { n: number }>(
  (p) => sql`select count(*)::int as n from ${deliveries}
    where ${deliveries.status} = 'sending' and ${deliveries.workerId} = ${p.workerId}`,
);

/**
 * The first due reminder, waiting delivery, expiring lease and unconfirmed step whose fallback
 * wait runs out, whichever comes first.
 */
const NEXT_WAKE = compileStatement<Record<string, never>, { at: Date | null }>(
  () => sql`select least(
      (select min(${reminders.nextRunAt}) from ${reminders}
        where ${reminders.status} = 'scheduled' and ${reminders.nextRunAt} is not null),
      (select min(${deliveries.nextAttemptAt}) from ${deliveries} where ${deliveries.status} in ('queued', 'held')),
      (select min(${deliveries.leaseExpiresAt}) from ${deliveries} where ${deliveries.status} = 'sending'),
      (select min(${deliveries.fallbackDueAt}) from ${deliveries} where ${deliveries.fallbackDueAt} is not null)) as at`,
);

const LISTEN = compileStatement(() => sql`listen ${sql.identifier(NOTIFY_CHANNEL)}`);

const silent = new Logger(() => () => {});
const MAX_BATCH_LOOP_MS = 10_000;
/** graphile-worker's own default pool size. */
const JOB_POOL_SIZE = 10;
/** Managed services fail over within a minute or two (Patroni here: seconds). */
const JOB_POOL_WAIT_MS = 120_000;
const DEFAULT_PARALLEL = 4;

/**
 * The delivery engine of one process, on graphile-worker. Each wake-up queues `parallel`
 * keyed `delivery_dispatch` jobs (LISTEN/NOTIFY wakes the runner in milliseconds); each runs
 * batches until nothing is due. A wake-up while jobs run here queues nothing: the last job to
 * finish reads the next due instant again. Wake-ups come from a timer armed for the next due
 * instant (read from the partial indexes) and from the reminders' NOTIFY trigger, so a due
 * time is met within milliseconds without polling; when idle the timer re-reads every 30 s.
 */
export async function startDeliveryEngine(options: EngineOptions = {}): Promise<DeliveryEngine> {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  // A few batches in flight keep the senders busy while the next batch is claimed; more only
  // contend for the same workspaces' rows (usage reservation) and CPU: bench:delivery measured 821/s
  // with 4 against 649/s with 20 (docs/PERFORMANCE.md).
  const parallel = options.parallel ?? Math.min(concurrency, DEFAULT_PARALLEL);
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? env.SHUTDOWN_TIMEOUT_MS;
  const connectionString = await ensureDatabase();
  // LISTEN and graphile-worker (its LISTEN, its session advisory locks) need one server session
  // each: a direct or session-pooled URL when DATABASE_URL goes through a transaction pooler.
  const sessionString = await ensureSessionDatabase();
  let stopped = false;
  const shouldStop = () => stopped;
  // Dispatch jobs running in this process: while any runs, it drains what is due and the
  // last one to finish looks again, so wake-ups in between need not queue more jobs.
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  // Deliveries this process leased and has not recorded yet: the ones its heartbeat renews.
  const held = new Set<number>();
  const recorder = createOutcomeRecorder(workerId, () => new Date());
  let armedAt = Number.POSITIVE_INFINITY;

  // The job runner's connections wait out a failover rather than fail (lib/db/patient-pool.ts).
  const jobPool = createPatientPool(
    { connectionString: sessionString, max: JOB_POOL_SIZE, keepAlive: true },
    JOB_POOL_WAIT_MS,
  );
  const runner: Runner = await run({
    pgPool: jobPool,
    concurrency,
    noHandleSignals: true,
    // Our own timer and NOTIFY trigger the dispatch jobs; polling backs them up and is what
    // runs jobs queued for later (failure alerts, retried tasks) on time.
    pollInterval: 10_000,
    logger: silent,
    crontab: options.crontab,
    forbiddenFlags: options.forbiddenFlags,
    gracefulShutdownAbortTimeout: shutdownTimeoutMs,
    taskList: {
      ...options.tasks,
      [DISPATCH_TASK]: async (_payload, helpers) => {
        running++;
        try {
          await dispatch(helpers);
        } finally {
          running--;
          // Also after a failure (a database restart): wake-ups skipped while this job ran
          // are not lost, and graphile-worker's retry of the job is not waited for.
          if (running === 0) void rearm();
        }
      },
    },
  });

  /** Runs batches until nothing more is due (a short batch) or the loop has run long enough. */
  async function dispatch(helpers: JobHelpers) {
    const started = Date.now();
    while (!stopped) {
      const { leased } = await runBatch({ workerId, shouldStop, held, recorder });
      if (leased < BATCH_SIZE || stopped) return;
      if (Date.now() - started > MAX_BATCH_LOOP_MS) {
        // Hand over rather than hold a job slot for ever during a huge burst.
        await helpers.addJob(DISPATCH_TASK, {});
        return;
      }
    }
  }

  async function trigger() {
    if (stopped || running > 0) return;
    await Promise.all(
      Array.from({ length: parallel }, (_, i) =>
        runner.addJob(
          DISPATCH_TASK,
          {},
          { jobKey: `dispatch:${workerId}:${i}`, jobKeyMode: "replace", maxAttempts: 5 },
        ),
      ),
    ).catch((error: unknown) => logger.warn("delivery.trigger_failed", { error }));
    // If the jobs fail or run elsewhere, look again soon.
    arm(Date.now() + 1_000);
  }

  function arm(at: number) {
    if (stopped) return;
    if (timer && at >= armedAt) return;
    if (timer) clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        armedAt = Number.POSITIVE_INFINITY;
        void rearm();
      },
      Math.max(0, at - Date.now()),
    );
  }

  async function rearm() {
    if (stopped) return;
    try {
      const next = await nextWakeAt(connectionString);
      if (next !== null && next <= Date.now()) return void (await trigger());
      if (timer) clearTimeout(timer);
      timer = undefined;
      armedAt = Number.POSITIVE_INFINITY;
      arm(Math.min(next ?? Number.POSITIVE_INFINITY, Date.now() + IDLE_RECHECK_MS));
    } catch (error) {
      logger.warn("delivery.rearm_failed", { error });
      arm(Date.now() + 1_000);
    }
  }

  const listener = await listen(
    sessionString,
    (at) => (at <= Date.now() ? void trigger() : arm(at)),
    () => stopped,
  );
  const heartbeat = setInterval(() => {
    renewLeases(workerId, new Date(), held).catch((error: unknown) =>
      logger.warn("delivery.heartbeat_failed", { error }),
    );
  }, HEARTBEAT_MS);
  await renewLeases(workerId, new Date(), held).catch(() => {});
  await rearm();
  logger.info("delivery.engine_started", { workerId, concurrency });

  let stopping: Promise<StopReport> | undefined;
  async function stop(): Promise<StopReport> {
    stopped = true;
    if (timer) clearTimeout(timer);
    await listener.close();
    // Running dispatch jobs end at their next send boundary; the heartbeat keeps their leases
    // until then, so no other worker takes over a message that is still on the wire.
    let timeout: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      runner.stop().then(
        () => true,
        (error: unknown) => {
          logger.warn("delivery.stop_failed", { error });
          return true;
        },
      ),
      new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), shutdownTimeoutMs))),
    ]);
    clearTimeout(timeout);
    clearInterval(heartbeat);
    if (drained) await jobPool.end().catch(() => {});
    const { rows } = await HELD.run(pool, { workerId }).catch(() => ({ rows: [{ n: -1 }] }));
    const report = { drained, stillHeld: rows[0]?.n ?? 0 };
    logger.info("delivery.engine_stopped", { workerId, ...report });
    return report;
  }

  return {
    workerId,
    stop: () => (stopping ??= stop()),
  };
}

let wakePool: pg.Pool | undefined;

/** The earliest instant anything needs the engine, from four partial indexes. */
async function nextWakeAt(connectionString: string): Promise<number | null> {
  if (!wakePool) {
    wakePool = new pg.Pool({ connectionString, max: 2 });
    wakePool.on("error", () => {});
  }
  const { rows } = await NEXT_WAKE.run(wakePool, {});
  return rows[0]?.at ? rows[0].at.getTime() : null;
}

/** LISTEN for due-time hints (epoch ms), reconnecting after a database restart. */
async function listen(connectionString: string, onHint: (at: number) => void, isStopped: () => boolean) {
  let client: pg.Client | undefined;
  async function connect(): Promise<void> {
    if (isStopped()) return;
    const c = new pg.Client({ connectionString });
    c.on("notification", (n) => {
      const at = Number(n.payload);
      if (Number.isFinite(at)) onHint(at);
    });
    c.on("error", () => {
      c.end().catch(() => {});
      if (client === c) client = undefined;
      setTimeout(() => void connect(), 1_000);
    });
    try {
      await c.connect();
      await LISTEN.run(c, {});
      client = c;
      onHint(Date.now());
    } catch {
      c.end().catch(() => {});
      setTimeout(() => void connect(), 1_000);
    }
  }
  await connect();
  return {
    close: async () => {
      await client?.end().catch(() => {});
    },
  };
}
