import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq } from "drizzle-orm";
import { webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { invalidInput } from "@/lib/errors/domain-error";
import { findOwnEndpoint } from "./find-own-endpoint";
import { resolveWebhookUrl } from "./resolve-webhook-url";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "./webhook-endpoint-dto";
import type { WebhookEndpointPatch } from "./webhook-endpoint-input";
import { webhookUrlPolicy, type WebhookUrlPolicy } from "./webhook-url-policy";

/**
 * Changes an endpoint's URL (checked as when created), description or events, or turns it off
 * or on. Turning it off fails its waiting messages (they can be sent again from the log);
 * turning it on forgets its failure streak.
 */
export async function updateWebhookEndpoint(
  actor: Actor,
  id: string,
  patch: WebhookEndpointPatch,
  policy: WebhookUrlPolicy = webhookUrlPolicy(),
  now = new Date(),
): Promise<WebhookEndpointDto> {
  if (patch.events && patch.events.length === 0)
    throw invalidInput({ code: "webhook_events_required", message: "Choose at least one event" });
  const url =
    patch.url === undefined ? undefined : (await resolveWebhookUrl(patch.url, policy)).url.toString();
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const current = await findOwnEndpoint(workspaceId, id, tx, true);
    const turningOff = patch.enabled === false && current.disabledAt === null;
    const turningOn = patch.enabled === true && current.disabledAt !== null;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined && { url }),
        ...(patch.description !== undefined && { description: patch.description?.trim() || null }),
        ...(patch.events && { events: [...new Set(patch.events)] }),
        ...(turningOff && { disabledAt: now }),
        ...(turningOn && { disabledAt: null, failingSince: null }),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (turningOff) {
      await tx
        .update(webhookMessages)
        .set({ status: "failed", nextAttemptAt: null })
        .where(and(eq(webhookMessages.endpointId, id), eq(webhookMessages.status, "pending")));
    }
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "webhook.updated",
      subjectId: id,
      details: { url: row.url, enabled: row.disabledAt === null },
    });
    return toWebhookEndpointDto(row, now);
  });
}
