import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts } from "@/db/schema";
import { recordConsent } from "@/lib/consent/record-consent";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { emitWebhookEvents } from "@/lib/webhooks/emit-webhook-events";

const c = contacts;
const called = alias(contacts, "called");

/**
 * The contact and every other contact of the same user with its phone number, set to no more
 * calls; only the rows this changed come back (one already opted out is left as it was).
 */
const OPT_OUT = compileStatement<{ workspaceId: string; contactId: string; at: Date }, { id: string }>(
  (p) => sql`update ${c} set ${columnName(c.callOptOut)} = true, ${columnName(c.updatedAt)} = ${p.at}
    where ${c.workspaceId} = ${p.workspaceId} and not ${c.callOptOut}
      and (${c.id} = ${p.contactId}
           or ${c.phone} = (select ${called.phone} from ${contacts} ${called}
             where ${called.id} = ${p.contactId} and ${called.workspaceId} = ${p.workspaceId}))
    returning ${c.id} as id`,
);

/**
 * A recipient asked one user to stop calling (9 on that user's call): their contacts with that
 * number get no more calls, with a `contact.opted_out` event (channels ['call']) and a consent
 * record (source call_keypad, `wording` the sentence the call offered 9 in) for each one this
 * changed. Other users' contacts with the number are not touched: the call came from this user.
 * In the caller's transaction. Returns the contacts changed.
 */
export async function optOutOfCalls(
  client: pg.PoolClient,
  target: { workspaceId: string; contactId: string; at: Date; wording: string },
): Promise<number> {
  const { wording, ...keys } = target;
  const { rows } = await OPT_OUT.run(client, keys);
  await recordConsent(
    drizzleOnClient(client),
    rows.map((row) => ({
      workspaceId: target.workspaceId,
      contactId: row.id,
      channel: "call" as const,
      change: "opted_out" as const,
      source: "call_keypad" as const,
      wording,
      at: target.at,
    })),
  );
  await emitWebhookEvents(
    client,
    rows.map((row) => ({
      workspaceId: target.workspaceId,
      type: "contact.opted_out" as const,
      data: { contactId: row.id, channels: ["call"] },
      occurredAt: target.at,
    })),
  );
  return rows.length;
}
