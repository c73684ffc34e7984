import "server-only";
import { invalidInput } from "@/lib/errors/domain-error";
import { WEBHOOK_URL_INSECURE, WEBHOOK_URL_INVALID } from "./webhook-url-errors";
import type { WebhookUrlPolicy } from "./webhook-url-policy";

/**
 * The URL's form, before any DNS: absolute http(s), no credentials in it, at most 2,000
 * characters; https only unless the policy allows private receivers. Throws `invalid`.
 */
export function parseWebhookUrl(raw: string, policy: WebhookUrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidInput(WEBHOOK_URL_INVALID);
  }
  if (raw.length > 2000 || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw invalidInput(WEBHOOK_URL_INVALID);
  if (url.username !== "" || url.password !== "" || url.hostname === "")
    throw invalidInput(WEBHOOK_URL_INVALID);
  if (url.protocol === "http:" && !policy.allowPrivate) throw invalidInput(WEBHOOK_URL_INSECURE);
  return url;
}
