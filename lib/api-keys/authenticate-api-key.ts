import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { apiKeys, users, type User } from "@/db/schema";
import type { ApiKeyScope } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { rateLimited } from "@/lib/errors/domain-error";
import { UNKNOWN_CLIENT } from "@/lib/http/client-address";
import { consumeRateLimit, peekRateLimit, RATE_LIMITS } from "@/lib/security/rate-limit";
import { API_KEY_PREFIX, VISIBLE_PREFIX_LENGTH } from "./generate-api-key";
import { hashApiKey } from "./hash-api-key";

/** lastUsedAt is written at most this often per key: a busy integration costs no write per call. */
export const LAST_USED_PRECISION_MS = 60_000;

export interface ApiKeyPrincipal {
  apiKey: { id: string; scope: ApiKeyScope };
  user: User;
}

/** The key's user and scope by hash, or null for a missing, malformed, unknown or revoked key. */
async function lookUpApiKey(key: string | null | undefined, now: Date): Promise<ApiKeyPrincipal | null> {
  if (!key || !key.startsWith(API_KEY_PREFIX) || key.length > 100) return null;
  const [row] = await db
    .select({ id: apiKeys.id, scope: apiKeys.scope, lastUsedAt: apiKeys.lastUsedAt, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    // Conditional, so concurrent requests of one key write it once.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lte(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
          ),
        ),
      );
  }
  return { apiKey: { id: row.id, scope: row.scope as ApiKeyScope }, user: row.user };
}

/**
 * The key's user and scope, or null for a missing, malformed, unknown or revoked key. Looked up
 * by hash on every request, so a revocation holds from the next one.
 *
 * Wrong keys are counted per client address (when one can be believed) and per visible prefix.
 * An address past its budget is refused (rate-limited) before any key is looked up, so guessing
 * from it stops. A prefix past its budget turns further wrong keys with that prefix into
 * rate-limited answers, while the real key that shows that prefix keeps working: a stranger
 * cannot lock its owner out.
 */
export async function authenticateApiKey(
  key: string | null | undefined,
  address: string,
  now = new Date(),
): Promise<ApiKeyPrincipal | null> {
  const rule = RATE_LIMITS.apiKeyFailure;
  const known = address !== UNKNOWN_CLIENT;
  if (known) {
    const state = await peekRateLimit(rule, `ip:${address}`, now);
    if (!state.allowed) throw rateLimited(state.resetSeconds);
  }
  const principal = await lookUpApiKey(key, now);
  if (principal) return principal;
  const counted = await Promise.all([
    known ? consumeRateLimit(rule, `ip:${address}`, now) : null,
    key?.startsWith(API_KEY_PREFIX)
      ? consumeRateLimit(rule, `prefix:${key.slice(0, VISIBLE_PREFIX_LENGTH)}`, now)
      : null,
  ]);
  const spent = counted.find((state) => state && !state.allowed);
  if (spent) throw rateLimited(spent.resetSeconds);
  return null;
}
