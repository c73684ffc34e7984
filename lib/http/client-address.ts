import "server-only";
import { env } from "@/lib/env";

/** The key of every caller whose address cannot be trusted: they share one budget. */
export const UNKNOWN_CLIENT = "unknown";

/** Longer entries are not addresses; they must not grow the rate-limit table's keys. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The caller's address for per-address rate limits. A client writes X-Forwarded-For as easily
 * as a proxy does; only what the `hops` proxies in front of the app appended can be believed,
 * and the last of them appended the client's address: the hops-th entry from the right. With
 * no trusted proxy (0) or a header shorter than the chain, no address is trustworthy (Next.js
 * passes the socket's address only in that same header, when the client sent none), so the
 * caller gets the shared key.
 */
export function clientAddress(headers: Headers, hops: number = env.TRUSTED_PROXY_HOPS ?? 0): string {
  if (hops < 1) return UNKNOWN_CLIENT;
  const entries = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  const address = entries.length >= hops ? entries[entries.length - hops] : "";
  if (!address || address.length > MAX_ADDRESS_LENGTH) return UNKNOWN_CLIENT;
  return address.toLowerCase();
}
