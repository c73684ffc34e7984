import "server-only";
import { env } from "@/lib/env";

/** What a webhook URL may point at. */
export interface WebhookUrlPolicy {
  /** http:// and private, loopback, link-local or other special-use addresses allowed. */
  allowPrivate: boolean;
}

/**
 * WEBHOOK_ALLOW_PRIVATE_URLS, else: allowed outside production (a receiver on 127.0.0.1 while
 * developing and in tests), refused in production.
 */
export function webhookUrlPolicy(): WebhookUrlPolicy {
  const flag = env.WEBHOOK_ALLOW_PRIVATE_URLS;
  return { allowPrivate: flag === undefined ? env.NODE_ENV !== "production" : flag === "true" };
}
