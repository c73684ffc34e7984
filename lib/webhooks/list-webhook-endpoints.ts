import "server-only";
import { asc, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import { db } from "@/lib/db";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "./webhook-endpoint-dto";

/** The user's endpoints, oldest first. */
export async function listWebhookEndpoints(workspaceId: string): Promise<WebhookEndpointDto[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map((row) => toWebhookEndpointDto(row));
}
