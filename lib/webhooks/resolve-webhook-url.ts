import "server-only";
import { lookup } from "node:dns/promises";
import net from "node:net";
import { invalidInput } from "@/lib/errors/domain-error";
import { isPublicAddress } from "./is-public-address";
import { parseWebhookUrl } from "./parse-webhook-url";
import { WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVABLE } from "./webhook-url-errors";
import type { WebhookUrlPolicy } from "./webhook-url-policy";

/** A checked URL and the address the request must connect to (the one that was checked). */
export interface ResolvedWebhookUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Parses the URL and resolves its host. Every address the name resolves to must be public
 * (unless the policy allows private ones): a name with one public and one private address is
 * refused, so which one a later lookup returns does not matter. The request then connects to
 * the returned address, not to a second lookup (DNS rebinding).
 */
export async function resolveWebhookUrl(raw: string, policy: WebhookUrlPolicy): Promise<ResolvedWebhookUrl> {
  const url = parseWebhookUrl(raw, policy);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let found: { address: string; family: number }[];
  if (net.isIP(host)) {
    found = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      found = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw invalidInput(WEBHOOK_URL_UNRESOLVABLE);
    }
  }
  if (found.length === 0) throw invalidInput(WEBHOOK_URL_UNRESOLVABLE);
  if (!policy.allowPrivate && found.some((a) => !isPublicAddress(a.address)))
    throw invalidInput(WEBHOOK_URL_PRIVATE);
  const first = found[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
