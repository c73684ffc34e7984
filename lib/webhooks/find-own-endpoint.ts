import "server-only";
import { and, eq } from "drizzle-orm";
import { webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { db, type DbOrTx } from "@/lib/db";
import { notFound } from "@/lib/errors/domain-error";
import { WEBHOOK_ENDPOINT_NOT_FOUND } from "./webhook-endpoint-input";

/** The user's endpoint (locked when `forUpdate`), or a 404: another user's id looks unknown. */
export async function findOwnEndpoint(
  workspaceId: string,
  id: string,
  client: DbOrTx = db,
  forUpdate = false,
): Promise<WebhookEndpoint> {
  const query = client
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(WEBHOOK_ENDPOINT_NOT_FOUND);
  return row;
}
