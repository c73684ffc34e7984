import { getChannel } from "@/lib/channels/get-channel";
import { ChannelError } from "@/lib/channels/types";
import { logger } from "@/lib/logger";
import { BACKOFF_BASE_MS, MAX_ATTEMPTS, SEND_CONCURRENCY } from "./constants";
import { renderMessage } from "./render-message";
import type { DecidedDelivery, LeasedDelivery, Outcome } from "./types";

/** Delay before the next attempt after `attempt` failed: BASE, 2 BASE, 4 BASE... */
export function backoffMs(attempt: number): number {
  return BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1);
}

async function sendOne(d: LeasedDelivery, clock: () => Date): Promise<Outcome> {
  const to = (d.channel === "email" ? d.email : d.phone) ?? "";
  const message = renderMessage({
    deliveryId: d.id,
    channel: d.channel,
    to,
    contactName: d.contactName,
    message: d.message,
    senderName: d.senderName,
    senderEmail: d.senderEmail,
    locale: d.locale,
    unsubscribeToken: d.unsubscribeToken,
  });
  try {
    const result = await getChannel(d.channel).send(message);
    return { kind: "sent", providerMessageId: result.providerMessageId };
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
    if (failure.transient && d.attemptCount < MAX_ATTEMPTS) {
      const at = new Date(clock().getTime() + backoffMs(d.attemptCount));
      return { kind: "retry", error: failure.message, code: failure.code, at };
    }
    return { kind: "failed", error: failure.message, code: failure.code, refund: true };
  }
}

/**
 * Sends every leased delivery, SEND_CONCURRENCY at a time, reporting each outcome as it comes;
 * never throws. Once `shouldStop` answers true (shutdown) no further send starts: the ones in
 * flight finish, the rest are left unreported for the caller to release.
 */
export async function sendLeased(
  deliveries: LeasedDelivery[],
  clock: () => Date,
  onResult: (result: DecidedDelivery) => void = () => {},
  shouldStop: () => boolean = () => false,
): Promise<DecidedDelivery[]> {
  const results: DecidedDelivery[] = new Array(deliveries.length);
  let next = 0;
  async function lane() {
    while (next < deliveries.length && !shouldStop()) {
      const index = next++;
      const delivery = deliveries[index];
      results[index] = { delivery, outcome: await sendOne(delivery, clock) };
      onResult(results[index]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, deliveries.length) }, lane));
  return results;
}
