import "server-only";
import { sql } from "drizzle-orm";
import { users, webhookEndpoints, webhookMessages, workspaceMembers } from "@/db/schema";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { WEBHOOK_DISABLE_AFTER_MS } from "./retry-schedule";

/** An endpoint just disabled, and whom to tell. */
export interface DisabledEndpoint {
  id: string;
  url: string;
  email: string;
  locale: string;
}

const w = webhookEndpoints;
const m = webhookMessages;

/**
 * Disables the endpoints among `candidates` failing since before `cutoff`, and those in
 * `gone` (410 Gone: the receiver asked to stop), and fails their messages still waiting
 * (each can be sent again from the log once the endpoint is enabled).
 */
const DISABLE = compileStatement<
  { now: Date; candidates: string[]; cutoff: Date; gone: string[] },
  { id: string; url: string; email: string; locale: string }
>(
  (p) => sql`with off as (
      update ${w} w set ${columnName(w.disabledAt)} = ${p.now}, ${columnName(w.updatedAt)} = ${p.now}
        from ${workspaceMembers} o join ${users} u on u.id = o.${columnName(workspaceMembers.userId)}
       where o.${columnName(workspaceMembers.workspaceId)} = w.${columnName(w.workspaceId)}
         and o.${columnName(workspaceMembers.role)} = 'owner' and w.disabled_at is null
         and ((w.id = any(${p.candidates}::text[]) and w.failing_since <= ${p.cutoff}) or w.id = any(${p.gone}::text[]))
      returning w.id, w.url, u.email, u.locale),
    dropped as (
      update ${m} set ${columnName(m.status)} = 'failed', ${columnName(m.nextAttemptAt)} = null
       where ${m.endpointId} in (select id from off) and ${m.status} = 'pending' returning 1)
    select id, url, email, locale from off`,
);

/** See DISABLE; returns the endpoints disabled now (their owners are then e-mailed). */
export async function disableFailingEndpoints(
  client: Queryable,
  options: { now: Date; failing: string[]; gone: string[] },
): Promise<DisabledEndpoint[]> {
  if (options.failing.length === 0 && options.gone.length === 0) return [];
  const { rows } = await DISABLE.run(client, {
    now: options.now,
    candidates: options.failing,
    cutoff: new Date(options.now.getTime() - WEBHOOK_DISABLE_AFTER_MS),
    gone: options.gone,
  });
  return rows;
}
