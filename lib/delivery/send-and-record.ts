import "server-only";
import { pool } from "@/lib/db";
import { withTransaction } from "@/lib/db/with-transaction";
import { logger } from "@/lib/logger";
import { triggerAutoRecharge } from "@/lib/payments/trigger-auto-recharge";
import type { LeaseResult } from "./admit-leased";
import { RECORD_EVERY_MS } from "./constants";
import { onlySent, recordOutcomes } from "./record-outcomes";
import { releaseLeases } from "./release-leases";
import { sendLeased } from "./send-leased";
import type { DecidedDelivery } from "./types";

export interface BatchResult {
  /** Deliveries leased by this batch (a full batch means more may be waiting). */
  leased: number;
  outcomes: DecidedDelivery[];
  /** Leased but handed back unsent (shutdown). */
  released: number;
}

/**
 * The engine's step after a committed lease: sends what was admitted, outside any transaction,
 * and records each outcome as it comes. A crash in between leaves 'sending' rows whose lease runs
 * out and another worker takes them over; a shutdown (`shouldStop`) hands back what was not sent.
 */
export async function sendAndRecord(
  claimed: LeaseResult,
  options: {
    workerId: string;
    clock: () => Date;
    shouldStop?: () => boolean;
    /** The engine's deliveries in flight: these are in it until their outcome or release is written. */
    held?: Set<number>;
  },
): Promise<BatchResult> {
  const { toSend, decided, crossedThreshold } = claimed;
  const { workerId, clock } = options;
  const held = options.held ?? new Set<number>();
  for (const d of toSend) held.add(d.id);
  // The reservations are committed: a balance they took under its threshold recharges now.
  for (const workspaceId of crossedThreshold) {
    triggerAutoRecharge(workspaceId).catch((error: unknown) =>
      logger.warn("billing.auto_recharge_failed", { workspaceId, error }),
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
            ? recordOutcomes(pool, workerId, clock(), items)
            : withTransaction((client) => recordOutcomes(client, workerId, clock(), items)),
        ).then(() => {
          for (const item of items) held.delete(item.delivery.id);
        }),
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
  try {
    await flush();
    const unsent = toSend.filter((d) => !reported.has(d.id)).map((d) => d.id);
    const released =
      unsent.length === 0
        ? 0
        : await recordWithRetry(() =>
            withTransaction((client) => releaseLeases(client, workerId, clock(), unsent)),
          );
    return { leased: toSend.length + decided.length, outcomes, released };
  } finally {
    // Written, released, or given up on: a row given up on is no longer renewed, its lease runs
    // out and it is taken over (as after a crash).
    for (const d of toSend) held.delete(d.id);
  }
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
