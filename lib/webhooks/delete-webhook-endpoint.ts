import "server-only";
import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { WEBHOOK_ENDPOINT_NOT_FOUND } from "./webhook-endpoint-input";

/** Deletes the endpoint with its messages and their log (cascade). */
export async function deleteWebhookEndpoint(userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
}
