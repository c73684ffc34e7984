import "server-only";
import { carriesConfirmation } from "@/lib/channels/carries-confirmation";
import { getChannel } from "@/lib/channels/get-channel";
import { channelReadiness } from "@/lib/channels/channel-readiness";
import { ChannelError, type OutgoingMessage } from "@/lib/channels/types";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { deliveries as deliveriesTable, deliveryCalls } from "@/db/schema";
import { pool } from "@/lib/db";
import { compileStatement } from "@/lib/db/compile-statement";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { withTransaction } from "@/lib/db/with-transaction";
import { logger } from "@/lib/logger";
import {
  MAX_ATTEMPTS,
  QUEUE_FULL_WAIT_MS,
  RETRY_JITTER,
  RETRY_SCHEDULE_MS,
  SEND_CONCURRENCY,
  SLOW_DOWN_DEFAULT_MS,
  SLOW_DOWN_GIVE_UP_MS,
  SLOW_DOWN_MAX_MS,
} from "./constants";
import type { FailureReasonCode } from "@/lib/channels/failure-reasons";
import { isQueueFull, SETTLED_CALL_CODES, SLOW_DOWN_CODES } from "@/lib/channels/twilio-errors";
import { slowDownSender } from "./pace-sends";
import { messagePartsOf } from "./message-parts-of";
import { deliveryTranslator, renderMessage } from "@/lib/messages/render-message";
import type { DecidedDelivery, LeasedDelivery, Outcome } from "./types";

/** Wait after the `failures`-th transient failure: the schedule's step plus up to 20 % jitter. */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const step = RETRY_SCHEDULE_MS[Math.min(Math.max(failures, 1), RETRY_SCHEDULE_MS.length) - 1];
  return Math.round(step * (1 + RETRY_JITTER * random()));
}

/**
 * Wait after the `slowed`-th "slow down": Retry-After when the provider gives one, else 1 s
 * doubling with each one (up to 5 min); a full queue waits at least a minute; plus up to half
 * again at random.
 */
export function slowDownDelayMs(
  failure: ChannelError,
  slowed: number,
  random: () => number = Math.random,
): number {
  const queueFull = isQueueFull(failure.code);
  const backoff = Math.min(SLOW_DOWN_DEFAULT_MS * 2 ** Math.max(0, slowed - 1), SLOW_DOWN_MAX_MS);
  const wait = Math.max(failure.detail.retryAfterMs ?? backoff, queueFull ? QUEUE_FULL_WAIT_MS : 0);
  return Math.round(wait * (1 + 0.5 * random()));
}

const sleep = (ms: number) =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/**
 * Another delivery already recorded this provider message, or it is a call already placed (an
 * earlier call of this very delivery, before its retry, is not this attempt's).
 */
const SID_TAKEN = compileStatement<{ sid: string; deliveryId: number }, { taken: number }>(
  (p) => sql`select 1 as taken from ${deliveriesTable}
      where ${deliveriesTable.providerMessageId} = ${p.sid} and ${deliveriesTable.id} <> ${p.deliveryId}
    union all
    select 1 from ${deliveryCalls} where ${deliveryCalls.callSid} = ${p.sid}
    limit 1`,
);

async function sidTaken(sid: string, deliveryId: number): Promise<boolean> {
  const { rows } = await SID_TAKEN.run(pool, { sid, deliveryId });
  return rows.length > 0;
}

/**
 * Whether an earlier attempt may have reached the provider: a takeover (the previous holder's
 * outcome is unknown) or a failure other than a "slow down", which is never processed, or a call
 * Twilio reported unanswered (no answer, busy, failed: settled, its next call is due).
 */
function mayHaveLeft(d: LeasedDelivery): boolean {
  if (d.attemptCount <= 1) return false;
  if (d.takenOver === true) return true;
  const code = d.lastErrorCode ?? "";
  return !SLOW_DOWN_CODES.has(code) && !SETTLED_CALL_CODES.has(code);
}

/**
 * Writes a send's outcome in the transaction given (the one its dev outbox copy is written in);
 * returns how many deliveries it could still record (0: the lease was lost).
 */
export type RecordKept = (client: pg.PoolClient, result: DecidedDelivery) => Promise<number>;

/**
 * A message kept in the dev outbox (a table in the same database) and its outcome are written in
 * one transaction: exactly once, even if the worker dies mid-burst. A lease lost meanwhile keeps
 * nothing, and the delivery is the new holder's.
 */
async function keepInOutbox(
  d: LeasedDelivery,
  message: OutgoingMessage,
  asked: boolean,
  recordKept: RecordKept,
): Promise<Outcome> {
  return withTransaction(async (client) => {
    const result = await getChannel(d.channel).send(message, drizzleOnClient(client));
    const outcome = { kind: "sent", providerMessageId: result.providerMessageId, asked } as const;
    if ((await recordKept(client, { delivery: d, outcome })) === 0) {
      throw new ChannelError("The delivery's lease ran out before its outbox copy was kept", true);
    }
    return { ...outcome, recorded: true };
  });
}

async function sendOne(d: LeasedDelivery, clock: () => Date, recordKept?: RecordKept): Promise<Outcome> {
  if (d.notBefore) await sleep(d.notBefore - Date.now());
  const message = d.rendered ?? renderMessage(messagePartsOf(d));
  const asked = carriesConfirmation(message);
  const channel = getChannel(d.channel);
  try {
    const readiness = recordKept ? channelReadiness(d.channel, message.locale) : undefined;
    if (recordKept && readiness?.ready && readiness.via === "outbox") {
      return await keepInOutbox(d, message, asked, recordKept);
    }
    // No second message after an unanswered first one: ask the provider whether it has it.
    if (channel.find && mayHaveLeft(d)) {
      const found = await channel.find(message, d.createdAt, (sid) => sidTaken(sid, d.id));
      if (found) {
        logger.info("delivery.found_after_ambiguous_attempt", { deliveryId: d.id, sid: found });
        return { kind: "sent", providerMessageId: found, asked };
      }
    }
    const result = await channel.send(message);
    return { kind: "sent", providerMessageId: result.providerMessageId, asked };
  } catch (error) {
    const failure =
      error instanceof ChannelError
        ? error
        : new ChannelError(error instanceof Error ? error.message : String(error), true);
    logger.warn("delivery.send_failed", {
      deliveryId: d.id,
      channel: d.channel,
      transient: failure.transient,
      code: failure.code,
      attempt: d.attemptCount,
    });
    const now = clock();
    if (failure.detail.slowDown) {
      if (now.getTime() - d.createdAt.getTime() < SLOW_DOWN_GIVE_UP_MS) {
        const wait = slowDownDelayMs(failure, d.slowedCount + 1);
        // Every worker holds back on this sender, not only this delivery.
        await slowDownSender(d.channel, failure.detail.retryAfterMs ?? SLOW_DOWN_DEFAULT_MS).catch(() => {});
        const at = new Date(now.getTime() + wait);
        return { kind: "retry", error: failure.message, code: failure.code, at, slowed: true };
      }
      const reason = deliveryTranslator(d.locale)("errors.rateLimited");
      return {
        kind: "failed",
        error: reason,
        code: "rate_limited" satisfies FailureReasonCode,
        refund: true,
      };
    }
    const failures = d.attemptCount - d.slowedCount;
    if (failure.transient && failures < MAX_ATTEMPTS) {
      const at = new Date(now.getTime() + retryDelayMs(failures));
      return { kind: "retry", error: failure.message, code: failure.code, at };
    }
    return { kind: "failed", error: failure.message, code: failure.code, refund: true };
  }
}

/**
 * Sends every leased delivery, SEND_CONCURRENCY at a time, reporting each outcome as it comes;
 * never throws. With `recordKept`, a message the dev outbox keeps is recorded with its copy
 * (its outcome says `recorded`). Once `shouldStop` answers true (shutdown) no further send
 * starts: the ones in flight finish, the rest are left unreported for the caller to release.
 */
export async function sendLeased(
  deliveries: LeasedDelivery[],
  clock: () => Date,
  onResult: (result: DecidedDelivery) => void = () => {},
  shouldStop: () => boolean = () => false,
  recordKept?: RecordKept,
): Promise<DecidedDelivery[]> {
  const results: DecidedDelivery[] = new Array(deliveries.length);
  let next = 0;
  async function lane() {
    while (next < deliveries.length && !shouldStop()) {
      const index = next++;
      const delivery = deliveries[index];
      results[index] = { delivery, outcome: await sendOne(delivery, clock, recordKept) };
      onResult(results[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, deliveries.length) }, lane));
  return results;
}
