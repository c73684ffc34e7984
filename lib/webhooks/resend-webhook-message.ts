import "server-only";
import { and, eq } from "drizzle-orm";
import { webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { findOwnEndpoint } from "./find-own-endpoint";
import { queueWebhookDispatch } from "./queue-webhook-dispatch";

/**
 * "Send again": the message is due now with a fresh retry schedule, under the same
 * `webhook-id` (a receiver that already has it can tell). Its endpoint must be enabled.
 */
export async function resendWebhookMessage(
  workspaceId: string,
  endpointId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(workspaceId, endpointId, tx);
    if (endpoint.disabledAt)
      throw conflict({
        code: "webhook_endpoint_disabled",
        message: "Turn the endpoint on before sending again",
      });
    const updated = await tx
      .update(webhookMessages)
      .set({ status: "pending", attemptCount: 0, nextAttemptAt: now })
      .where(and(eq(webhookMessages.id, Number(id)), eq(webhookMessages.endpointId, endpointId)))
      .returning({ id: webhookMessages.id });
    if (updated.length === 0)
      throw notFound({ code: "webhook_message_not_found", message: "Webhook message not found" });
    await queueWebhookDispatch(tx);
  });
}
