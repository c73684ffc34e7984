import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { Logger, run, type ForbiddenFlagsFn, type Runner, type TaskList } from "graphile-worker";
import { sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { ensureDatabase } from "@/lib/db/connection";
import { ensureSessionDatabase } from "@/lib/db/session-connection";
import { createPatientPool } from "@/lib/db/patient-pool";
import { compileStatement } from "@/lib/db/compile-statement";
import { env } from "@/lib/env";
import { pool } from "@/lib/db";
import { logger } from "@/lib/logger";
import { BATCH_SIZE, HEARTBEAT_MS, IDLE_RECHECK_MS, NOTIFY_CHANNEL } from "./constants";
import { createOutcomeRecorder } from "./outcome-recorder";
import { renewLeases } from "./renew-leases";
import { runBatch } from "./run-batch";

export interface EngineOptions {
  workerId?: string;
  /** graphile-worker jobs run at once in this process. */
  concurrency?: number;
  /** Dispatch loops this process starts per wake-up (batches in flight at once). */
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
/** graphile-worker's own default pool size. */
const JOB_POOL_SIZE = 10;
/** Managed services fail over within a minute or two (Patroni here: seconds). */
const JOB_POOL_WAIT_MS = 120_000;
const DEFAULT_PARALLEL = 4;
/** After a loop failed (a database restart), the next look waits this long. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The delivery engine of one process. Each wake-up starts `parallel` dispatch loops in this
 * process; each runs batches until nothing is due. A wake-up while loops run starts none: the
 * last loop to end reads the next due instant again. Wake-ups come from a timer armed for the
 * next due instant (read from the partial indexes) and from the reminders' NOTIFY trigger, so a
 * due time is met within milliseconds without polling; when idle the timer re-reads every 30 s.
 * The loops run here rather than as graphile-worker jobs: a job costs an insert, a fetch and a
 * completion per wake-up, and any process's runner may take any job, so one process of a fleet
 * could run most batches while another idled (docs/PERFORMANCE.md). graphile-worker runs the
 * other tasks (billing periods, clean-up, media, webhooks).
 */
export async function startDeliveryEngine(options: EngineOptions = {}): Promise<DeliveryEngine> {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  // No more loops than the process's job concurrency. A few batches in flight keep the senders
  // busy while the next batch is claimed; more only contend for the same workspaces' rows (usage
  // reservation) and CPU: bench:delivery measured 821/s with 4 against 649/s with 20
  // (docs/PERFORMANCE.md).
  const parallel = options.parallel ?? Math.min(concurrency, DEFAULT_PARALLEL);
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? env.SHUTDOWN_TIMEOUT_MS;
  const connectionString = await ensureDatabase();
  // LISTEN and graphile-worker (its LISTEN, its session advisory locks) need one server session
  // each: a direct or session-pooled URL when DATABASE_URL goes through a transaction pooler.
  const sessionString = await ensureSessionDatabase();
  let stopped = false;
  const shouldStop = () => stopped;
  // Dispatch loops running in this process: while any runs, it drains what is due and the
  // last one to end looks again, so wake-ups in between need not start more.
  let running = 0;
  const loops = new Set<Promise<void>>();
  let failedAt = Number.NEGATIVE_INFINITY;
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
    // Deliveries do not go through the queue (see above); polling is what runs jobs queued
    // for later (failure alerts, retried tasks) on time.
    pollInterval: 10_000,
    logger: silent,
    crontab: options.crontab,
    forbiddenFlags: options.forbiddenFlags,
    gracefulShutdownAbortTimeout: shutdownTimeoutMs,
    taskList: { ...options.tasks },
  });

  /** Runs batches until nothing more is due (a short batch), or until the engine stops. */
  async function dispatch() {
    running++;
    try {
      while (!stopped) {
        const { leased } = await runBatch({ workerId, shouldStop, held, recorder });
        if (leased < BATCH_SIZE) return;
      }
    } catch (error) {
      logger.warn("delivery.dispatch_failed", { error });
      failedAt = Date.now();
    } finally {
      running--;
      // The last loop to end looks again: wake-ups skipped while loops ran are not lost. After a
      // failure (a database restart) a second later, so a failing batch is not retried in a spin.
      if (running === 0) {
        if (Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) arm(failedAt + RETRY_AFTER_FAILURE_MS);
        else void rearm();
      }
    }
  }

  function trigger() {
    if (stopped || running > 0) return;
    for (let i = 0; i < parallel; i++) {
      const loop: Promise<void> = dispatch().finally(() => loops.delete(loop));
      loops.add(loop);
    }
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
      if (next !== null && next <= Date.now()) return trigger();
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
    // Running dispatch loops end at their next send boundary; the heartbeat keeps their leases
    // until then, so no other worker takes over a message that is still on the wire.
    let timeout: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      Promise.all([
        Promise.all(loops),
        runner.stop().catch((error: unknown) => logger.warn("delivery.stop_failed", { error })),
      ]).then(() => true),
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
