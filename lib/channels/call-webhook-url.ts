import "server-only";
import { CALL_WEBHOOK_PATHS } from "@/config/calls";
import { env } from "@/lib/env";

/**
 * Where Twilio reaches the app for one call delivery: APP_URL + the webhook's path + `?d=<id>`.
 * The id in the URL is signed by Twilio with the rest of the request, so a webhook knows which
 * delivery it is about without trusting the caller.
 */
export function callWebhookUrl(kind: keyof typeof CALL_WEBHOOK_PATHS, deliveryId: number): string {
  return `${env.APP_URL.replace(/\/$/, "")}${CALL_WEBHOOK_PATHS[kind]}?d=${deliveryId}`;
}

/** The delivery id of a call webhook's `d`, or null for anything else. */
export function callDeliveryId(marker: string | null): number | null {
  return marker && /^[1-9]\d{0,15}$/.test(marker) ? Number(marker) : null;
}
