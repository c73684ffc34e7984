import "server-only";
import { sql } from "drizzle-orm";
import { webhookAttempts, webhookMessages } from "@/db/schema";
import type { WebhookMessageStatus } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { findOwnEndpoint } from "./find-own-endpoint";

export interface WebhookAttemptDto {
  attemptedAt: string;
  responseStatus: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface WebhookMessageDto {
  id: string;
  messageId: string;
  eventType: string;
  status: WebhookMessageStatus;
  attemptCount: number;
  occurredAt: string;
  nextAttemptAt: string | null;
  /** Newest first, at most ATTEMPTS_SHOWN. */
  attempts: WebhookAttemptDto[];
}

/** Messages shown in an endpoint's log, and attempts per message. */
export const MESSAGES_SHOWN = 50;
const ATTEMPTS_SHOWN = 10;

interface Row extends Record<string, unknown> {
  id: string;
  message_id: string;
  event_type: string;
  status: WebhookMessageStatus;
  attempt_count: number;
  occurred_at: string;
  next_attempt_at: string | null;
  attempts: WebhookAttemptDto[] | null;
}

const m = webhookMessages;
const a = webhookAttempts;

/** An endpoint's log, newest message first: each message with its latest attempts. */
export async function listWebhookMessages(
  workspaceId: string,
  endpointId: string,
): Promise<WebhookMessageDto[]> {
  await findOwnEndpoint(workspaceId, endpointId);
  const { rows } = await db.execute<Row>(sql`select m.id::text as id, m.message_id, m.event_type, m.status,
        m.attempt_count, to_json(m.occurred_at) #>> '{}' as occurred_at,
        to_json(m.next_attempt_at) #>> '{}' as next_attempt_at,
        (select json_agg(json_build_object('attemptedAt', x.attempted_at, 'responseStatus', x.response_status,
                  'durationMs', x.duration_ms, 'responseExcerpt', x.response_excerpt, 'error', x.error)
                  order by x.attempted_at desc, x.id desc)
           from (select * from ${a} where ${a.webhookMessageId} = m.id
                  order by ${a.attemptedAt} desc, ${a.id} desc limit ${ATTEMPTS_SHOWN}) x) as attempts
      from ${m} m
     where m.endpoint_id = ${endpointId} and m.workspace_id = ${workspaceId}
     order by m.created_at desc, m.id desc limit ${MESSAGES_SHOWN}`);
  return rows.map((r) => ({
    id: r.id,
    messageId: r.message_id,
    eventType: r.event_type,
    status: r.status,
    attemptCount: r.attempt_count,
    occurredAt: new Date(r.occurred_at).toISOString(),
    nextAttemptAt:
      r.next_attempt_at && r.status === "pending" ? new Date(r.next_attempt_at).toISOString() : null,
    attempts: (r.attempts ?? []).map((x) => ({ ...x, attemptedAt: new Date(x.attemptedAt).toISOString() })),
  }));
}
