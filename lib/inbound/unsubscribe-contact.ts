import "server-only";
import { sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { pool } from "@/lib/db";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { queueWebhookDispatch } from "@/lib/webhooks/queue-webhook-dispatch";
import { webhookFanOut } from "@/lib/webhooks/webhook-fan-out";

/**
 * Opts the contact out of e-mail (`n`: contacts found), with a `contact.opted_out` webhook
 * event when it was still opted in (`before` sees the row as it was).
 */
const UNSUBSCRIBE = compileStatement<{ token: string }, { n: number; hooks: number }>(
  (p) => sql`with before as (
      select ${contacts.id} as id, ${contacts.workspaceId} as workspace_id, ${contacts.emailOptOut} as was
        from ${contacts} where ${contacts.unsubscribeToken} = ${p.token}),
    updated as (
      update ${contacts} set ${columnName(contacts.emailOptOut)} = true, ${columnName(contacts.updatedAt)} = now()
       where ${contacts.unsubscribeToken} = ${p.token} returning 1),
    hooks as (${webhookFanOut(sql`select workspace_id, 'contact.opted_out' as type,
        jsonb_build_object('contactId', id, 'channels', jsonb_build_array('email')) as data, now() as occurred_at
        from before where not was`)} returning 1)
    select (select count(*) from updated)::int as n, (select count(*) from hooks)::int as hooks`,
);

/** E-mail List-Unsubscribe: the contact with this token stops receiving e-mail reminders. */
export async function unsubscribeContact(token: string): Promise<boolean> {
  const res = await UNSUBSCRIBE.run(pool, { token });
  if ((res.rows[0]?.hooks ?? 0) > 0) await queueWebhookDispatch(pool);
  return (res.rows[0]?.n ?? 0) > 0;
}
