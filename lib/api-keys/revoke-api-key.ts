import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { apiKeyColumns, type ApiKeyView } from "./api-key-view";

/**
 * DELETE /api/api-keys/{id}: the key stops working with the next request (authentication reads
 * the row every time). Revoking twice keeps the first time; another user's key is a 404.
 */
export async function revokeApiKey(userId: string, id: string, now = new Date()): Promise<ApiKeyView> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning(apiKeyColumns);
  if (!row) throw notFound({ code: "api_key_not_found", message: "API key not found" });
  return row;
}
