import "server-only";
import { sql } from "drizzle-orm";
import { webhookEndpoints, webhookMessages } from "@/db/schema";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";

/** A message leased for one attempt, with what sending it needs. */
export interface LeasedWebhookMessage {
  id: number;
  /**
   * Its partition key, carried to the attempt rows (and to prune the update to one month), as
   * PostgreSQL's text: a Date would drop the microseconds, and the key would match no row.
   */
  createdAt: string;
  messageId: string;
  endpointId: string;
  workspaceId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  payload: unknown;
  /** Attempts including this one. */
  attemptCount: number;
}

interface Row {
  id: string;
  created_at: string;
  message_id: string;
  endpoint_id: string;
  workspace_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  payload: unknown;
  attempt_count: number;
}

const m = webhookMessages;
const w = webhookEndpoints;

/**
 * Due messages of enabled endpoints, oldest due first, skipping rows another dispatcher holds;
 * each is pushed `until` (its lease: a dispatcher that dies mid-send leaves it due again then)
 * and its attempt counted, in one statement, so no row lock is held while sending.
 */
const LEASE = compileStatement<{ now: Date; limit: number; until: Date }, Row>(
  ({ now, limit, until }) => sql`with due as (
      select m.id, m.created_at from ${m} m join ${w} w on w.id = m.endpoint_id and w.disabled_at is null
       where m.status = 'pending' and m.next_attempt_at <= ${now}
       order by m.next_attempt_at, m.id limit ${limit}
       for update of m skip locked)
    update ${m} m
       set ${columnName(m.nextAttemptAt)} = ${until}, ${columnName(m.attemptCount)} = m.attempt_count + 1,
           ${columnName(m.lastAttemptAt)} = ${now}
      from due, ${w} w
     where m.id = due.id and m.created_at = due.created_at and w.id = m.endpoint_id
    returning m.id, m.created_at::text as created_at, m.message_id, m.endpoint_id, m.workspace_id, w.url, w.secret, w.previous_secret,
              w.previous_secret_expires_at, m.payload, m.attempt_count`,
);

/** Leases up to `limit` due messages for `leaseMs`. */
export async function leaseWebhookMessages(
  client: Queryable,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<LeasedWebhookMessage[]> {
  const { rows } = await LEASE.run(client, {
    now: options.now,
    limit: options.limit,
    until: new Date(options.now.getTime() + options.leaseMs),
  });
  return rows
    .map((r) => ({
      id: Number(r.id),
      createdAt: r.created_at,
      messageId: r.message_id,
      endpointId: r.endpoint_id,
      workspaceId: r.workspace_id,
      url: r.url,
      secret: r.secret,
      previousSecret: r.previous_secret,
      previousSecretExpiresAt: r.previous_secret_expires_at,
      payload: r.payload,
      attemptCount: r.attempt_count,
    }))
    .sort((a, b) => a.id - b.id);
}
