import "server-only";
import { and, count, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { conflict } from "@/lib/errors/domain-error";
import { db } from "@/lib/db";
import type { CreateApiKeyInput } from "@/lib/validations/api-key";
import { apiKeyColumns, type ApiKeyView } from "./api-key-view";
import { generateApiKey } from "./generate-api-key";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";

/** Live keys a workspace may hold at once: plenty for one key per integration. */
export const API_KEY_LIMIT = 25;

/**
 * POST /api/api-keys: the key itself is in this answer only; the database keeps its hash. The
 * owner's row is locked while counting, so concurrent creates cannot pass the limit.
 */
export async function createApiKey(
  actor: Actor,
  input: CreateApiKeyInput,
): Promise<ApiKeyView & { key: string }> {
  const workspaceId = actor.workspace.id;
  const { key, hash, prefix } = generateApiKey();
  const row = await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)));
    if (live >= API_KEY_LIMIT)
      throw conflict(
        { code: "api_key_limit", message: `You can hold up to ${API_KEY_LIMIT} API keys` },
        { max: API_KEY_LIMIT },
      );
    const [created] = await tx
      .insert(apiKeys)
      .values({ workspaceId, createdBy: actor.user.id, name: input.name, scope: input.scope, prefix, hash })
      .returning(apiKeyColumns);
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "api_key.created",
      subjectId: created.id,
      details: { name: input.name, scope: input.scope },
    });
    return created;
  });
  return { ...row, key };
}
