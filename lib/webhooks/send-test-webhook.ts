import "server-only";
import { randomBytes } from "node:crypto";
import { webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { conflict } from "@/lib/errors/domain-error";
import { findOwnEndpoint } from "./find-own-endpoint";
import { queueWebhookDispatch } from "./queue-webhook-dispatch";

/** The type of the "Send test event" message, sent whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Queues a `webhook.test` message to the endpoint, signed and logged like any other. */
export async function sendTestWebhook(
  workspaceId: string,
  endpointId: string,
  now = new Date(),
): Promise<{ messageId: string }> {
  return db.transaction(async (tx) => {
    const endpoint = await findOwnEndpoint(workspaceId, endpointId, tx);
    if (endpoint.disabledAt)
      throw conflict({
        code: "webhook_endpoint_disabled",
        message: "Turn the endpoint on before sending again",
      });
    const messageId = `msg_${randomBytes(16).toString("hex")}`;
    await tx.insert(webhookMessages).values({
      endpointId,
      workspaceId,
      messageId,
      eventType: WEBHOOK_TEST_EVENT,
      payload: {
        type: WEBHOOK_TEST_EVENT,
        timestamp: now.toISOString(),
        data: { endpointId, message: "A test event from Remindful" },
      },
      occurredAt: now,
      status: "pending",
      nextAttemptAt: now,
    });
    await queueWebhookDispatch(tx);
    return { messageId };
  });
}
