import "server-only";
import { emitWebhookEvents, type WebhookEvent } from "./emit-webhook-events";
import type { WebhookClient } from "./run-on";

/** One event: see emitWebhookEvents. Returns the messages written (one per subscribed endpoint). */
export function emitWebhookEvent(client: WebhookClient, event: WebhookEvent): Promise<number> {
  return emitWebhookEvents(client, [event]);
}
