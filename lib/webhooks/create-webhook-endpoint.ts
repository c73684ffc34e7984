import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { count, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { db } from "@/lib/db";
import { conflict, invalidInput } from "@/lib/errors/domain-error";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { resolveWebhookUrl } from "./resolve-webhook-url";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "./webhook-endpoint-dto";
import { WEBHOOK_ENDPOINT_LIMIT, type WebhookEndpointInput } from "./webhook-endpoint-input";
import { webhookUrlPolicy, type WebhookUrlPolicy } from "./webhook-url-policy";

/**
 * A new endpoint with a fresh signing secret, returned with it (the settings page shows it and
 * can reveal it again). The URL is checked as at send time, DNS included. At most
 * WEBHOOK_ENDPOINT_LIMIT per workspace (its row locked meanwhile, so two creates count each other).
 */
export async function createWebhookEndpoint(
  actor: Actor,
  input: WebhookEndpointInput,
  policy: WebhookUrlPolicy = webhookUrlPolicy(),
): Promise<WebhookEndpointDto & { secret: string }> {
  if (input.events.length === 0)
    throw invalidInput({ code: "webhook_events_required", message: "Choose at least one event" });
  const { url } = await resolveWebhookUrl(input.url, policy);
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspaceId));
    if (n >= WEBHOOK_ENDPOINT_LIMIT)
      throw conflict(
        { code: "webhook_endpoint_limit", message: `At most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints` },
        { limit: WEBHOOK_ENDPOINT_LIMIT },
      );
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        workspaceId,
        url: url.toString(),
        description: input.description?.trim() || null,
        events: [...new Set(input.events)],
        secret: generateWebhookSecret(),
      })
      .returning();
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "webhook.created",
      subjectId: row.id,
      details: { url: row.url },
    });
    return { ...toWebhookEndpointDto(row), secret: row.secret };
  });
}
