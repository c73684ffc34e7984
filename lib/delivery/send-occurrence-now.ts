import "server-only";
import type pg from "pg";
import type { SendNowMode } from "@/db/schema/enums";
import { withTransaction } from "@/lib/db/with-transaction";
import { admitLeased } from "./admit-leased";
import { LEASE_MS } from "./constants";
import { materializeOne } from "./materialize-one";
import { recordOutcomes } from "./record-outcomes";
import { sendAndRecord, type BatchResult } from "./send-and-record";
import type { LeasedDelivery } from "./types";

/**
 * Send now, by the engine's own steps: the reminder's pending occurrence becomes a delivery
 * leased to `workerId` (materializeOne), is admitted as any leased delivery is (opt-outs, quiet
 * hours, pacing, usage) and sent, its outcome recorded, synchronously: no worker can also send
 * it. Nothing when the reminder is not the workspace's, not scheduled, or its occurrence was
 * already sent ahead. Mode "extra" sends a message besides the schedule instead (see
 * materializeOne). `onClaimed` writes in the claim's transaction once a delivery was made (the
 * activity trail's line), so the line and the delivery commit together.
 */
export async function sendOccurrenceNow(options: {
  workerId: string;
  reminderId: string;
  workspaceId: string;
  mode?: SendNowMode;
  clock?: () => Date;
  onClaimed?: (client: pg.PoolClient, delivery: LeasedDelivery) => Promise<void>;
}): Promise<BatchResult> {
  const clock = options.clock ?? (() => new Date());
  const { workerId } = options;
  const claimed = await withTransaction(async (client) => {
    const now = clock();
    const { leased } = await materializeOne(client, {
      reminderId: options.reminderId,
      workspaceId: options.workspaceId,
      now,
      mode: options.mode,
      lease: { workerId, until: new Date(now.getTime() + LEASE_MS) },
    });
    if (leased[0] && options.onClaimed) await options.onClaimed(client, leased[0]);
    const admitted = await admitLeased(client, leased, now);
    await recordOutcomes(client, workerId, now, admitted.decided);
    return admitted;
  });
  return sendAndRecord(claimed, { workerId, clock });
}
