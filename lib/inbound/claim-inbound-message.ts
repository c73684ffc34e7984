import "server-only";
import { sql } from "drizzle-orm";
import { inboundKeywords } from "@/db/schema";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";

/** What a keyword (STOP, START, HELP) or any other text asks for. */
export type KeywordAction = "opt_out" | "opt_in" | "help" | "none";

/** What an incoming message was acted on as (kept with its MessageSid in inbound_keywords). */
export type InboundAction = KeywordAction | "confirm_consent";

/** Claims a message by its MessageSid; no row: it was acted on before (a retry or a replay). */
const CLAIM = compileStatement<{ sid: string; phone: string; action: InboundAction }>(
  (p) => sql`insert into ${inboundKeywords} (${columnName(inboundKeywords.providerMessageId)},
      ${columnName(inboundKeywords.phone)}, ${columnName(inboundKeywords.action)})
    values (${p.sid}, ${p.phone}, ${p.action})
    on conflict (${columnName(inboundKeywords.providerMessageId)}) do nothing`,
);

/** What a MessageSid was acted on as, if it was. */
const CLAIMED = compileStatement<{ sid: string }, { action: string }>(
  (p) => sql`select ${inboundKeywords.action} as action from ${inboundKeywords}
    where ${inboundKeywords.providerMessageId} = ${p.sid}`,
);

/**
 * Claims an incoming message in the caller's transaction, so it is acted on once: false when its
 * MessageSid was claimed before (Twilio retrying the webhook, or a captured request replayed).
 */
export async function claimInboundMessage(
  client: Queryable,
  message: { sid: string; phone: string; action: InboundAction },
): Promise<boolean> {
  const { rowCount } = await CLAIM.run(client, message);
  return (rowCount ?? 0) > 0;
}

/** The action a MessageSid was claimed for; null when it never was. */
export async function claimedAction(client: Queryable, sid: string): Promise<string | null> {
  const { rows } = await CLAIMED.run(client, { sid });
  return rows[0]?.action ?? null;
}
