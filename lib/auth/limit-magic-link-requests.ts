import "server-only";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/security/rate-limit";

/**
 * Magic links cost an e-mail each: at most `limit` per address and four times that per IP
 * in a window. Throws a rate-limited DomainError beyond that. Used by the sign-in form's action and by
 * Auth.js's own sign-in endpoint, so neither path bypasses it.
 */
export async function limitMagicLinkRequests(email: string, ip: string): Promise<void> {
  const rule = RATE_LIMITS.magicLink;
  await enforceRateLimit(rule, `email:${email.trim().toLowerCase()}`);
  await enforceRateLimit({ ...rule, limit: rule.limit * 4 }, `ip:${ip}`);
}
