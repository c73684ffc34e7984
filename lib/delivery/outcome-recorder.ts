import "server-only";
import { pool } from "@/lib/db";
import { withTransaction } from "@/lib/db/with-transaction";
import { onlySent, recordOutcomes } from "./record-outcomes";
import type { DecidedDelivery } from "./types";

/** Writes the outcomes of sends as they come in, for every batch of one engine. */
export interface OutcomeRecorder {
  /** Resolves once the outcome is written (or could not be: its lease is then left to run out). */
  record(result: DecidedDelivery): Promise<void>;
}

interface Waiting {
  result: DecidedDelivery;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Group commit without a timer: the first outcome is written at once, and every outcome that
 * comes in while a write runs goes in the next one, as soon as it ends. One write at a time per
 * process, so a burst is written in a few statements a second, each as large as the sends it
 * took the last one to commit; and a worker killed at any instant leaves unrecorded only the sends
 * on the wire and those that ended during one write (docs/PERFORMANCE.md, "Crash window").
 */
export function createOutcomeRecorder(workerId: string, clock: () => Date): OutcomeRecorder {
  let waiting: Waiting[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      const results = group.map((w) => w.result);
      try {
        await recordWithRetry(() =>
          onlySent(results)
            ? recordOutcomes(pool, workerId, clock(), results)
            : withTransaction((client) => recordOutcomes(client, workerId, clock(), results)),
        );
        for (const w of group) w.done();
      } catch (error) {
        for (const w of group) w.failed(error);
      }
    }
    writing = false;
  }

  return {
    record(result) {
      return new Promise<void>((done, failed) => {
        waiting.push({ result, done, failed });
        if (!writing) void drain();
      });
    },
  };
}

/**
 * Messages already left: recording them is worth waiting for (a database restart takes
 * seconds), or the lease runs out and another worker sends them again.
 */
export async function recordWithRetry(record: () => Promise<number>): Promise<number> {
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
