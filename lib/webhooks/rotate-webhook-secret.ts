import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { db } from "@/lib/db";
import { findOwnEndpoint } from "./find-own-endpoint";
import { generateWebhookSecret } from "./generate-webhook-secret";
import { WEBHOOK_ROTATION_GRACE_MS } from "./retry-schedule";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "./webhook-endpoint-dto";

/**
 * A new signing secret; the one it replaces also signs for 24 hours (both signatures in the
 * `webhook-signature` header), so a receiver can switch without losing a message.
 */
export async function rotateWebhookSecret(
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<WebhookEndpointDto & { secret: string }> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const current = await findOwnEndpoint(workspaceId, id, tx, true);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret: generateWebhookSecret(),
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_ROTATION_GRACE_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "webhook.secret_rotated",
      subjectId: id,
      details: { url: row.url },
    });
    return { ...toWebhookEndpointDto(row, now), secret: row.secret };
  });
}
