import "server-only";
import { UNKNOWN_CLIENT } from "@/lib/http/client-address";
import { enforceRateLimit, RATE_LIMITS } from "@/lib/security/rate-limit";

/**
 * Magic links cost an e-mail each. Three budgets, each refusing with a rate-limited DomainError:
 * - per e-mail address (`limit` a window): nobody floods one inbox;
 * - per client address (four times that), only when the address is known: without a trusted
 *   proxy every caller shares the key `unknown`, and twenty strangers would otherwise lock the
 *   whole site out of its only way in;
 * - for the whole site (MAGIC_LINK_SITE_LIMIT a window): a ceiling far above real sign-in traffic
 *   that bounds what a flood of fresh addresses can cost in mail.
 * Used by the sign-in form's action and by Auth.js's own sign-in endpoint, so neither path
 * bypasses it.
 */
export async function limitMagicLinkRequests(email: string, address: string): Promise<void> {
  const rule = RATE_LIMITS.magicLink;
  await enforceRateLimit(rule, `email:${email.trim().toLowerCase()}`);
  if (address !== UNKNOWN_CLIENT) await enforceRateLimit({ ...rule, limit: rule.limit * 4 }, `ip:${address}`);
  await enforceRateLimit(RATE_LIMITS.magicLinkSite, "site");
}
