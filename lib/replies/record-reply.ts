import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, deliveryReplies, users } from "@/db/schema";
import type { ReplyAction } from "@/db/schema/enums";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { withTransaction } from "@/lib/db/with-transaction";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";

/** LATER: the same message again this long after the reply. */
const SNOOZE_MS = 3_600_000;

export interface InboundReply {
  channel: "sms" | "whatsapp";
  /** E.164, without `whatsapp:`. */
  phone: string;
  body: string;
  /** What the reply does (STOP, START, HELP already decided by the caller). */
  action: ReplyAction;
  messageSid: string;
  now: Date;
}

export interface RecordedReply {
  deliveryId: number;
  /** The recipient's language (contact's, else the owner's), for the acknowledgement. */
  locale: string;
  /** False on a webhook retry (same MessageSid): nothing was changed. */
  fresh: boolean;
}

interface Matched {
  id: string;
  reminder_id: string;
  user_id: string;
  contact_id: string;
  confirmation: "awaiting" | "snoozed";
  locale: string;
}

const d = alias(deliveries, "d");
const s = alias(deliveries, "s");
const c = alias(contacts, "c");
const u = alias(users, "u");
const r = alias(deliveryReplies, "r");

/** The recipient's language: the contact's, else the owner's. */
const LOCALE = sql`coalesce(${c.locale}, ${u.locale})`;
const DELIVERY_JOINS = sql`join ${contacts} ${c} on ${c.id} = ${d.contactId} join ${users} ${u} on ${u.id} = ${d.userId}`;

/** A reply already stored under this MessageSid (a webhook retry). */
const SEEN = compileStatement<{ sid: string }, { delivery_id: string; locale: string }>(
  (p) => sql`select ${r.deliveryId} as delivery_id, ${LOCALE} as locale
    from ${deliveryReplies} ${r} join ${deliveries} ${d} on ${d.id} = ${r.deliveryId} ${DELIVERY_JOINS}
    where ${r.providerMessageId} = ${p.sid}`,
);

/** The newest delivery to this number on this channel that awaits an answer, locked. */
const MATCH = compileStatement<{ phone: string; channel: string }, Matched>(
  (p) => sql`select ${d.id} as id, ${d.reminderId} as reminder_id, ${d.userId} as user_id,
      ${d.contactId} as contact_id, ${d.confirmation} as confirmation, ${LOCALE} as locale
    from ${deliveries} ${d} ${DELIVERY_JOINS}
    where ${c.phone} = ${p.phone} and ${d.channel} = ${p.channel} and ${d.sentAt} is not null
      and (${d.confirmation} = 'awaiting'
           or (${d.confirmation} = 'snoozed' and exists (
                 select 1 from ${deliveries} ${s} where ${s.snoozedFromId} = ${d.id} and ${s.status} in ('queued', 'held'))))
    order by ${d.sentAt} desc, ${d.id} desc limit 1
    for update of ${d}`,
);

const INSERT_REPLY = compileStatement<{
  deliveryId: string;
  reminderId: string;
  userId: string;
  channel: string;
  body: string;
  action: ReplyAction;
  sid: string;
  at: Date;
}>(
  (p) => sql`insert into ${deliveryReplies} (${columnName(deliveryReplies.deliveryId)},
      ${columnName(deliveryReplies.reminderId)}, ${columnName(deliveryReplies.userId)},
      ${columnName(deliveryReplies.channel)}, ${columnName(deliveryReplies.body)}, ${columnName(deliveryReplies.action)},
      ${columnName(deliveryReplies.providerMessageId)}, ${columnName(deliveryReplies.receivedAt)})
    values (${p.deliveryId}, ${p.reminderId}, ${p.userId}, ${p.channel}, ${p.body}, ${p.action}, ${p.sid}, ${p.at})
    on conflict (${columnName(deliveryReplies.providerMessageId)}) do nothing`,
);

const SET_CONFIRMATION = compileStatement<{ id: string; state: string; at: Date }>(
  (p) => sql`update ${deliveries}
      set ${columnName(deliveries.confirmation)} = ${p.state}, ${columnName(deliveries.confirmationAt)} = ${p.at},
          ${columnName(deliveries.updatedAt)} = ${p.at}
    where ${deliveries.id} = ${p.id}`,
);

/** LATER: the same delivery again at `at`, as a new queued row that names the one it snoozes. */
const SNOOZE = compileStatement<{ id: string; at: Date; now: Date }>(
  (
    p,
  ) => sql`insert into ${deliveries} (${columnName(deliveries.reminderId)}, ${columnName(deliveries.userId)},
      ${columnName(deliveries.contactId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.channel)},
      ${columnName(deliveries.status)}, ${columnName(deliveries.nextAttemptAt)}, ${columnName(deliveries.snoozedFromId)},
      ${columnName(deliveries.createdAt)}, ${columnName(deliveries.updatedAt)})
    select ${deliveries.reminderId}, ${deliveries.userId}, ${deliveries.contactId}, ${p.at}, ${deliveries.channel},
           'queued', ${p.at}, ${deliveries.id}, ${p.now}, ${p.now}
      from ${deliveries} where ${deliveries.id} = ${p.id}
    on conflict (${columnName(deliveries.reminderId)}, ${columnName(deliveries.occurrenceAt)}) do nothing`,
);

/** The snoozed delivery's resend, while it has not left. */
const CANCEL_RESEND = compileStatement<{ id: string }>(
  (p) => sql`delete from ${deliveries}
    where ${deliveries.snoozedFromId} = ${p.id} and ${deliveries.status} in ('queued', 'held')
      and ${deliveries.sentAt} is null`,
);

/**
 * Stores a reply against the delivery it answers and acts on it, in one transaction. The
 * delivery is the newest one sent to that number on that channel still awaiting an answer
 * (or snoozed, its resend not yet left): with several contacts sharing a number (one per user, or two of one user)
 * the most recent ask wins. YES confirms, NO declines, LATER snoozes (one new delivery of
 * the same message an hour later, `snoozed_from_id`); an answer to a snoozed delivery whose
 * resend has not left yet cancels that resend. Other replies (STOP, HELP, any text) are
 * stored only. A MessageSid already stored changes nothing. Null: no delivery awaits an answer.
 */
export async function recordReply(reply: InboundReply): Promise<RecordedReply | null> {
  return withTransaction(async (client) => {
    const seen = await SEEN.run(client, { sid: reply.messageSid });
    if (seen.rows[0])
      return { deliveryId: Number(seen.rows[0].delivery_id), locale: seen.rows[0].locale, fresh: false };
    const { rows } = await MATCH.run(client, { phone: reply.phone, channel: reply.channel });
    const matched = rows[0];
    if (!matched) return null;
    // The unique MessageSid decides between two concurrent deliveries of one webhook.
    const inserted = await INSERT_REPLY.run(client, {
      deliveryId: matched.id,
      reminderId: matched.reminder_id,
      userId: matched.user_id,
      channel: reply.channel,
      body: reply.body.slice(0, 1600),
      action: reply.action,
      sid: reply.messageSid,
      at: reply.now,
    });
    const result = { deliveryId: Number(matched.id), locale: matched.locale, fresh: true };
    if (inserted.rowCount === 0) return { ...result, fresh: false };
    await act(client, matched, reply);
    return result;
  });
}

async function act(client: pg.PoolClient, matched: Matched, reply: InboundReply): Promise<void> {
  const state = { confirm: "confirmed", decline: "declined", snooze: "snoozed" }[reply.action as string];
  if (!state) return;
  if (reply.action === "snooze" && matched.confirmation === "snoozed") return; // one resend per ask
  await SET_CONFIRMATION.run(client, { id: matched.id, state, at: reply.now });
  await emitWebhookEvent(client, {
    userId: matched.user_id,
    type:
      state === "confirmed" ? "reply.confirmed" : state === "declined" ? "reply.declined" : "reply.snoozed",
    data: {
      deliveryId: matched.id,
      reminderId: matched.reminder_id,
      contactId: matched.contact_id,
      channel: reply.channel,
      receivedAt: reply.now.toISOString(),
    },
    occurredAt: reply.now,
  });
  if (reply.action === "snooze") {
    const at = new Date(reply.now.getTime() + SNOOZE_MS);
    await SNOOZE.run(client, { id: matched.id, at, now: reply.now });
    return;
  }
  if (matched.confirmation === "snoozed") {
    // Answered before the resend left: it is no longer wanted.
    await CANCEL_RESEND.run(client, { id: matched.id });
  }
}
