import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { WEBHOOK_ENDPOINT_NOT_FOUND } from "./webhook-endpoint-input";

/** Deletes the endpoint with its messages and their log (cascade). */
export async function deleteWebhookEndpoint(actor: Actor, id: string): Promise<void> {
  const workspaceId = actor.workspace.id;
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!deleted) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "webhook.deleted",
      subjectId: id,
      details: { url: deleted.url },
    });
  });
}
