import "server-only";
import { sql } from "drizzle-orm";
import { deliveries, webhookMessages } from "@/db/schema";
import { pool } from "@/lib/db";
import { compileStatement } from "@/lib/db/compile-statement";
import { withTransaction } from "@/lib/db/with-transaction";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { logger } from "@/lib/logger";
import { disableFailingEndpoints } from "./disable-failing-endpoints";
import { leaseWebhookMessages } from "./lease-webhook-messages";
import { notifyEndpointDisabled } from "./notify-endpoint-disabled";
import { WEBHOOK_DISPATCH_TASK } from "./queue-webhook-dispatch";
import { recordWebhookAttempts, type AttemptResult } from "./record-webhook-attempts";
import { sendWebhookMessage } from "./send-webhook-message";
import { webhookUrlPolicy, type WebhookUrlPolicy } from "./webhook-url-policy";

export interface DispatchOptions {
  clock?: () => Date;
  policy?: WebhookUrlPolicy;
  /** Messages leased per round. */
  limit?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** Stop after this many rounds (a test's single step); default: until nothing is due. */
  rounds?: number;
  /** Slow down while the delivery engine sends (default true). */
  yieldToEngine?: boolean;
}

export interface DispatchReport {
  attempts: number;
  delivered: number;
}

/** Per attempt: the whole exchange (connect, send, answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The start of a response body kept in the log. */
export const WEBHOOK_EXCERPT_BYTES = 1_000;
/** A leased message is due again after this if its dispatcher died mid-send. */
const LEASE_MS = 120_000;

/** Whether the delivery engine is sending right now (its leased rows: a partial index). */
const ENGINE_BUSY = compileStatement<Record<string, never>, { busy: boolean }>(
  () => sql`select exists (select 1 from ${deliveries} where ${deliveries.status} = 'sending') as busy`,
);

/**
 * While the engine sends a burst, webhooks yield: rounds of this many messages, this far apart
 * (about 80 a second), so reminders keep their pace and the webhooks catch up after it.
 */
const BUSY_ROUND = 20;
const BUSY_PAUSE_MS = 250;

const NEXT_DUE = compileStatement<Record<string, never>, { at: Date | null }>(
  () => sql`select min(${webhookMessages.nextAttemptAt}) as at from ${webhookMessages}
    where ${webhookMessages.status} = 'pending'`,
);

/** How soon a retry must be due to get its own run; later ones are the minute's sweep's. */
const SOON_MS = 60_000;

/** A retry due within the minute gets its own run; later ones are the minute's sweep's. */
const QUEUE_RETRY = compileStatement<{ task: string; at: Date }>(
  (
    p,
  ) => sql`select graphile_worker.add_job(${p.task}, '{}'::json, run_at := ${p.at}, job_key := 'webhook-retry',
      max_attempts := 1)`,
);

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Sends what is due: leases a round of messages (small ones, paced, while the delivery engine is
 * sending), sends them (up to `concurrency` at once, each its own timeout), records the round's attempts in one statement, disables endpoints failing
 * for five days or answering 410 (their owners e-mailed after the commit), and goes again until
 * nothing is due. Several dispatchers may run at once: leases keep them apart.
 */
export async function dispatchWebhooks(options: DispatchOptions = {}): Promise<DispatchReport> {
  const clock = options.clock ?? (() => new Date());
  const policy = options.policy ?? webhookUrlPolicy();
  const limit = options.limit ?? 100;
  const concurrency = options.concurrency ?? 32;
  const send = {
    policy,
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    maxBodyBytes: options.maxBodyBytes ?? WEBHOOK_EXCERPT_BYTES,
  };
  const report: DispatchReport = { attempts: 0, delivered: 0 };
  for (let round = 0; options.rounds === undefined || round < options.rounds; round++) {
    const busy = options.yieldToEngine !== false && (await ENGINE_BUSY.run(pool, {})).rows[0]?.busy === true;
    if (busy && round > 0) await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
    const leased = await leaseWebhookMessages(pool, {
      now: clock(),
      limit: busy ? Math.min(limit, BUSY_ROUND) : limit,
      leaseMs: LEASE_MS,
    });
    if (leased.length === 0) break;
    const results = await mapLimit(leased, concurrency, async (message): Promise<AttemptResult> => {
      const attemptedAt = clock();
      const outcome = await sendWebhookMessage(message, { ...send, now: attemptedAt });
      return { message, outcome, attemptedAt };
    });
    const now = clock();
    const failed = results.filter(
      (r) => !(r.outcome.status !== null && r.outcome.status < 300 && r.outcome.status >= 200),
    );
    const disabled = await withTransaction(async (client) => {
      await recordWebhookAttempts(client, results, now);
      return disableFailingEndpoints(client, {
        now,
        failing: [...new Set(failed.map((r) => r.message.endpointId))],
        gone: [...new Set(failed.filter((r) => r.outcome.status === 410).map((r) => r.message.endpointId))],
      });
    });
    await notifyEndpointDisabled(disabled);
    report.attempts += results.length;
    report.delivered += results.length - failed.length;
  }
  await scheduleSoonRetry(clock());
  return report;
}

async function scheduleSoonRetry(now: Date): Promise<void> {
  const { rows } = await NEXT_DUE.run(pool, {});
  const at = rows[0]?.at;
  if (!at || at.getTime() - now.getTime() > SOON_MS || !(await jobQueueReady(pool))) return;
  await QUEUE_RETRY.run(pool, { task: WEBHOOK_DISPATCH_TASK, at });
  // A runner looks for jobs queued for later only when it polls (the engine's every 10 s:
  // measured, a first retry went 10 s after the failure instead of 5). At the retry's time this
  // process queues the run again for now, which wakes a runner at once (add_job notifies); the
  // job at `at` stays for the case where this process is gone by then.
  const wait = at.getTime() - Date.now();
  if (wait > SOON_MS) return;
  setTimeout(
    () => {
      QUEUE_RETRY.run(pool, { task: WEBHOOK_DISPATCH_TASK, at: new Date() }).catch((error: unknown) =>
        logger.warn("webhooks.retry_wake_failed", { error }),
      );
    },
    Math.max(0, wait),
  ).unref();
}
