import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { apiKeys, users, type User } from "@/db/schema";
import type { ApiKeyScope } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { API_KEY_PREFIX } from "./generate-api-key";
import { hashApiKey } from "./hash-api-key";

/** lastUsedAt is written at most this often per key: a busy integration costs no write per call. */
export const LAST_USED_PRECISION_MS = 60_000;

export interface ApiKeyPrincipal {
  apiKey: { id: string; scope: ApiKeyScope };
  user: User;
}

/**
 * The key's user and scope, or null for a missing, malformed, unknown or revoked key. Looked up
 * by hash on every request, so a revocation holds from the next one.
 */
export async function authenticateApiKey(
  key: string | null | undefined,
  now = new Date(),
): Promise<ApiKeyPrincipal | null> {
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
