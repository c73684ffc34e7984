import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { webhookEndpoints, webhookMessages } from "@/db/schema";
import { columnName } from "@/lib/db/compile-statement";
import { isoInstant } from "./iso-instant";

const m = webhookMessages;
const w = webhookEndpoints;

/**
 * `insert into webhook_messages … select …`: one message per enabled endpoint of the event's
 * workspace subscribed to its type, for each row of `events` (a select of `workspace_id`, `type`, `data`
 * jsonb and `occurred_at`). Usable on its own or as a CTE of the statement that records what
 * it reports (the engine's outcome statements), so the event is written in the same
 * transaction, or not at all. The body is the Standard Webhooks envelope `{type, timestamp,
 * data}`, `timestamp` being when the event occurred; `data` always carries `workspaceId` and
 * `actor` (who acted, or null). `msg_` and 32 hex digits name the message
 * (the `webhook-id` header). Due at once (or at `occurred_at` if that is earlier).
 */
export function webhookFanOut(events: SQL): SQL {
  return sql`insert into ${m} (${columnName(m.endpointId)}, ${columnName(m.workspaceId)}, ${columnName(m.messageId)},
      ${columnName(m.eventType)}, ${columnName(m.payload)}, ${columnName(m.occurredAt)}, ${columnName(m.status)},
      ${columnName(m.nextAttemptAt)})
    select w.id, e.workspace_id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.type,
           jsonb_build_object('type', e.type,
             'timestamp', ${isoInstant(sql`e.occurred_at`)},
             -- Every event names its workspace, and who acted (null: nobody, the engine).
             'data', jsonb_build_object('workspaceId', e.workspace_id, 'actor', null) || e.data),
           e.occurred_at, 'pending', least(e.occurred_at, now())
      from (${events}) e
      join ${w} w on w.workspace_id = e.workspace_id and w.disabled_at is null and e.type = any(w.events)`;
}
