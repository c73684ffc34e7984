import "server-only";
import { withTransaction } from "@/lib/db/with-transaction";
import { BATCH_SIZE, LEASE_MS } from "./constants";
import { leaseDeliveries } from "./lease-deliveries";
import { materializeDue } from "./materialize-due";
import type { OutcomeRecorder } from "./outcome-recorder";
import { recordOutcomes } from "./record-outcomes";
import { sendAndRecord, type BatchResult } from "./send-and-record";

export type { BatchResult } from "./send-and-record";

export interface BatchOptions {
  workerId: string;
  clock?: () => Date;
  limit?: number;
  /** Shutdown: once true, no further send starts and what was not sent is released. */
  shouldStop?: () => boolean;
  /** The engine's deliveries in flight, which its heartbeat renews (see sendAndRecord). */
  held?: Set<number>;
  /** The engine's outcome writer, shared by its batches (see createOutcomeRecorder). */
  recorder?: OutcomeRecorder;
}

/** How long a lease transaction waits for the database (a restart, a failover) before failing. */
const LEASE_RETRY_MS = 15_000;

/**
 * One step of the engine: due reminders become delivery rows and are leased in one
 * transaction, with retries, released holds, fallback steps and expired leases; then sent outside any
 * transaction and their outcomes recorded as they come (sendAndRecord).
 */
export async function runBatch(options: BatchOptions): Promise<BatchResult> {
  const clock = options.clock ?? (() => new Date());
  const limit = options.limit ?? BATCH_SIZE;
  const { workerId } = options;
  const claimed = await withTransaction(
    async (client) => {
      const now = clock();
      const { leased: fresh } = await materializeDue(client, {
        now,
        limit,
        lease: { workerId, until: new Date(now.getTime() + LEASE_MS) },
      });
      // Then retries, released holds, fallback steps and expired leases, up to the batch size.
      const leased = await leaseDeliveries(client, { workerId, now, limit, fresh });
      await recordOutcomes(client, workerId, now, leased.decided);
      return leased;
    },
    // Database work only: a lease that broke before its commit (a failover) is taken again.
    { retryForMs: LEASE_RETRY_MS, giveUp: options.shouldStop },
  );
  return sendAndRecord(claimed, {
    workerId,
    clock,
    shouldStop: options.shouldStop,
    held: options.held,
    recorder: options.recorder,
  });
}
