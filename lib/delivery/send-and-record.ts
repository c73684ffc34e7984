import "server-only";
import { withTransaction } from "@/lib/db/with-transaction";
import { logger } from "@/lib/logger";
import { triggerAutoRecharge } from "@/lib/payments/trigger-auto-recharge";
import type { LeaseResult } from "./admit-leased";
import { createOutcomeRecorder, recordWithRetry, type OutcomeRecorder } from "./outcome-recorder";
import { recordOutcomes } from "./record-outcomes";
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
 * and records each outcome as it comes (an OutcomeRecorder). A crash in between leaves 'sending'
 * rows whose lease runs out and another worker takes them over; a shutdown (`shouldStop`) hands
 * back what was not sent.
 */
export async function sendAndRecord(
  claimed: LeaseResult,
  options: {
    workerId: string;
    clock: () => Date;
    shouldStop?: () => boolean;
    /** The engine's deliveries in flight: these are in it until their outcome or release is written. */
    held?: Set<number>;
    /** The engine's recorder, shared by its batches; a recorder of its own otherwise. */
    recorder?: OutcomeRecorder;
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
  // Each outcome goes to the recorder as it comes (see createOutcomeRecorder).
  const recorder = options.recorder ?? createOutcomeRecorder(workerId, clock);
  const outcomes = [...decided];
  const reported = new Set<number>();
  const writes: Promise<void>[] = [];
  const failures: unknown[] = [];
  await sendLeased(
    toSend,
    clock,
    (result) => {
      reported.add(result.delivery.id);
      outcomes.push(result);
      if (result.outcome.kind === "sent" && result.outcome.recorded)
        return void held.delete(result.delivery.id);
      writes.push(
        recorder.record(result).then(
          () => void held.delete(result.delivery.id),
          (error: unknown) => void failures.push(error),
        ),
      );
    },
    options.shouldStop,
    (client, result) => recordOutcomes(client, workerId, clock(), [result]),
  );
  try {
    await Promise.all(writes);
    if (failures.length > 0) throw failures[0];
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
