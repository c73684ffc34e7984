import "server-only";
import { desc, eq } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { db } from "@/lib/db";
import { apiKeyColumns, type ApiKeyView } from "./api-key-view";

/** GET /api/api-keys: the user's keys, newest first, revoked ones included (with when). */
export async function listApiKeys(workspaceId: string): Promise<ApiKeyView[]> {
  return db
    .select(apiKeyColumns)
    .from(apiKeys)
    .where(eq(apiKeys.workspaceId, workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}
