import "server-only";
import { sql } from "drizzle-orm";
import type { WebhookEventType } from "@/db/schema/enums";
import type { Actor } from "@/lib/workspaces/actor";
import { queueWebhookDispatch } from "./queue-webhook-dispatch";
import { runOn, type WebhookClient } from "./run-on";
import { webhookFanOut } from "./webhook-fan-out";

export interface WebhookEvent {
  workspaceId: string;
  type: WebhookEventType;
  /** The event's `data` (ids and a few fields: receivers fetch the rest from the API). */
  data: Record<string, unknown>;
  occurredAt: Date;
  /** The person who acted (from the app or through an API key); absent when nobody did (the engine). */
  actor?: Actor | null;
}

/** What an event says of who acted: the member, and the key they used if any. */
function actorData(actor: Actor | null | undefined) {
  if (!actor) return null;
  return { id: actor.user.id, email: actor.user.email, apiKeyId: actor.apiKeyId ?? null };
}

/**
 * Writes one webhook message per enabled endpoint subscribed to each event, in the caller's
 * transaction (one INSERT … SELECT for all of them; nothing for workspaces without endpoints), and
 * asks for a dispatch run when any was written. Returns the messages written.
 */
export async function emitWebhookEvents(client: WebhookClient, events: WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rowCount } = await runOn(
    client,
    // sql.param: an array as one parameter (a bare array would become a list of them).
    webhookFanOut(sql`select * from unnest(${sql.param(events.map((e) => e.workspaceId))}::text[],
        ${sql.param(events.map((e) => e.type))}::text[], ${sql.param(events.map((e) => JSON.stringify({ ...e.data, actor: actorData(e.actor) })))}::jsonb[],
        ${sql.param(events.map((e) => e.occurredAt.toISOString()))}::timestamptz[])
        as e(workspace_id, type, data, occurred_at)`),
  );
  if (rowCount > 0) await queueWebhookDispatch(client);
  return rowCount;
}
