import "server-only";
import { pool } from "@/lib/db";
import { logger } from "@/lib/logger";
import { triggerAutoRecharge } from "@/lib/payments/trigger-auto-recharge";
import { BATCH_SIZE, LEASE_MS, RECORD_EVERY_MS } from "./constants";
import { leaseDeliveries } from "./lease-deliveries";
import { materializeDue } from "./materialize-due";
import { withTransaction } from "@/lib/db/with-transaction";
import { onlySent, recordOutcomes } from "./record-outcomes";
import { releaseLeases } from "./release-leases";
import { sendLeased } from "./send-leased";
import type { DecidedDelivery } from "./types";

export interface BatchOptions {
  workerId: string;
  clock?: () => Date;
  limit?: number;
  /** Send now: only this reminder's pending occurrence (owner checked by the caller's userId). */
  reminderId?: string;
  userId?: string;
  /** Shutdown: once true, no further send starts and what was not sent is released. */
  shouldStop?: () => boolean;
}

export interface BatchResult {
  /** Deliveries leased by this batch (a full batch means more may be waiting). */
  leased: number;
  outcomes: DecidedDelivery[];
  /** Leased but handed back unsent (shutdown). */
  released: number;
}

/**
 * One step of the engine: due reminders become delivery rows and are leased in one
 * transaction, sent outside any transaction, and their outcomes recorded as they come.
 * A crash in between leaves 'sending' rows whose lease runs out and another worker
 * takes them over.
 */
export async function runBatch(options: BatchOptions): Promise<BatchResult> {
  const clock = options.clock ?? (() => new Date());
  const limit = options.limit ?? BATCH_SIZE;
  const { toSend, decided, crossedThreshold } = await withTransaction(async (client) => {
    const now = clock();
    const { leased: fresh } = await materializeDue(client, {
      now,
      limit,
      reminderId: options.reminderId,
      userId: options.userId,
      lease: { workerId: options.workerId, until: new Date(now.getTime() + LEASE_MS) },
    });
    if (options.reminderId && fresh.length === 0) return { toSend: [], decided: [], crossedThreshold: [] };
    // Then retries, released holds and expired leases, up to the batch size.
    const leased = await leaseDeliveries(client, {
      workerId: options.workerId,
      now,
      limit,
      fresh,
      ids: options.reminderId ? [] : undefined,
    });
    await recordOutcomes(client, options.workerId, now, leased.decided);
    return leased;
  });
  // The reservations are committed: a balance they took under its threshold recharges now.
  for (const userId of crossedThreshold) {
    triggerAutoRecharge(userId).catch((error: unknown) =>
      logger.warn("billing.auto_recharge_failed", { userId, error }),
    );
  }
  // Each outcome is recorded within ~20 ms of its send (group commit): a worker dying
  // mid-batch leaves only those last few, plus the sends on the wire, in the ambiguous window.
  const outcomes = [...decided];
  const reported = new Set<number>();
  const pending: DecidedDelivery[] = [];
  let chain: Promise<void> = Promise.resolve();
  const flush = () => {
    const items = pending.splice(0);
    if (items.length > 0) {
      chain = chain.then(() =>
        recordWithRetry(() =>
          onlySent(items)
            ? recordOutcomes(pool, options.workerId, clock(), items)
            : withTransaction((client) => recordOutcomes(client, options.workerId, clock(), items)),
        ).then(() => {}),
      );
    }
    return chain;
  };
  const ticker = setInterval(() => void flush().catch(() => {}), RECORD_EVERY_MS);
  try {
    await sendLeased(
      toSend,
      clock,
      (result) => {
        reported.add(result.delivery.id);
        pending.push(result);
        outcomes.push(result);
      },
      options.shouldStop,
    );
  } finally {
    clearInterval(ticker);
  }
  await flush();
  const unsent = toSend.filter((d) => !reported.has(d.id)).map((d) => d.id);
  const released =
    unsent.length === 0
      ? 0
      : await recordWithRetry(() =>
          withTransaction((client) => releaseLeases(client, options.workerId, clock(), unsent)),
        );
  return { leased: toSend.length + decided.length, outcomes, released };
}

/**
 * Messages already left: recording them is worth waiting for (a database restart takes
 * seconds), or the lease runs out and another worker sends them again.
 */
async function recordWithRetry(record: () => Promise<number>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await record();
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

const RECORD_ATTEMPTS = 20;
