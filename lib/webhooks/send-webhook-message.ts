import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { LeasedWebhookMessage } from "./lease-webhook-messages";
import { postWebhook, type PostOutcome } from "./post-webhook";
import { resolveWebhookUrl } from "./resolve-webhook-url";
import { signWebhook } from "./sign-webhook";
import type { WebhookUrlPolicy } from "./webhook-url-policy";

export interface SendOptions {
  now: Date;
  policy: WebhookUrlPolicy;
  timeoutMs: number;
  maxBodyBytes: number;
}

/** The secrets that sign now: the current one, and the previous one until its grace ends. */
export function signingSecrets(message: LeasedWebhookMessage, now: Date): string[] {
  const previous =
    message.previousSecret && message.previousSecretExpiresAt && message.previousSecretExpiresAt > now
      ? [message.previousSecret]
      : [];
  return [message.secret, ...previous];
}

/**
 * One attempt: the URL checked again after DNS (a name may have moved to a private address
 * since it was saved), the body signed with a fresh timestamp, POSTed to the checked address.
 * The `webhook-id` is the message's, the same on every attempt.
 */
export async function sendWebhookMessage(
  message: LeasedWebhookMessage,
  options: SendOptions,
): Promise<PostOutcome> {
  let target;
  try {
    target = await resolveWebhookUrl(message.url, options.policy);
  } catch (error) {
    const reason = error instanceof DomainError ? error.code : "webhook_url_invalid";
    return { status: null, durationMs: 0, excerpt: null, error: `refused: ${reason}` };
  }
  const body = JSON.stringify(message.payload);
  // The wall clock, whatever clock schedules: receivers check it against theirs (replays).
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "Remindful-Webhooks/1.0",
    "webhook-id": message.messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook({
      id: message.messageId,
      timestamp,
      body,
      secrets: signingSecrets(message, options.now),
    }),
  };
  return postWebhook(target, headers, body, {
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
  });
}
