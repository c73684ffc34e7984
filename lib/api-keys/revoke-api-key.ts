import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { notFound } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import { apiKeyColumns, type ApiKeyView } from "./api-key-view";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

/**
 * DELETE /api/api-keys/{id}: the key stops working with the next request (authentication reads
 * the row every time). Revoking twice keeps the first time; another workspace's key is a 404.
 */
export async function revokeApiKey(actor: Actor, id: string, now = new Date()): Promise<ApiKeyView> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId)))
      .returning(apiKeyColumns);
    if (!row) throw notFound({ code: "api_key_not_found", message: "API key not found" });
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "api_key.revoked",
      subjectId: id,
      details: { name: row.name },
    });
    return row;
  });
}
