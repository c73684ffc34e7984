import "server-only";
import type pg from "pg";
import type { ReplyAction } from "@/db/schema/enums";
import { withTransaction } from "@/lib/db/with-transaction";

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
    const seen = await client.query<{ delivery_id: string; locale: string }>(
      `select r.delivery_id, coalesce(c.locale, u.locale) as locale
         from delivery_replies r join deliveries d on d.id = r.delivery_id
         join contacts c on c.id = d.contact_id join users u on u.id = d.user_id
        where r.provider_message_id = $1`,
      [reply.messageSid],
    );
    if (seen.rows[0])
      return { deliveryId: Number(seen.rows[0].delivery_id), locale: seen.rows[0].locale, fresh: false };
    const { rows } = await client.query<Matched>(
      `select d.id, d.reminder_id, d.user_id, d.contact_id, d.confirmation, coalesce(c.locale, u.locale) as locale
         from deliveries d join contacts c on c.id = d.contact_id join users u on u.id = d.user_id
        where c.phone = $1 and d.channel = $2 and d.sent_at is not null
          and (d.confirmation = 'awaiting'
               or (d.confirmation = 'snoozed' and exists (
                     select 1 from deliveries s where s.snoozed_from_id = d.id and s.status in ('queued', 'held'))))
        order by d.sent_at desc, d.id desc limit 1
        for update of d`,
      [reply.phone, reply.channel],
    );
    const matched = rows[0];
    if (!matched) return null;
    // The unique MessageSid decides between two concurrent deliveries of one webhook.
    const inserted = await client.query(
      `insert into delivery_replies (delivery_id, reminder_id, user_id, channel, body, action, provider_message_id, received_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (provider_message_id) do nothing`,
      [
        matched.id,
        matched.reminder_id,
        matched.user_id,
        reply.channel,
        reply.body.slice(0, 1600),
        reply.action,
        reply.messageSid,
        reply.now,
      ],
    );
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
  await client.query(
    `update deliveries set confirmation = $2, confirmation_at = $3, updated_at = $3 where id = $1`,
    [matched.id, state, reply.now],
  );
  if (reply.action === "snooze") {
    const at = new Date(reply.now.getTime() + SNOOZE_MS);
    await client.query(
      `insert into deliveries (reminder_id, user_id, contact_id, occurrence_at, channel, status, next_attempt_at,
                               snoozed_from_id, created_at, updated_at)
       select reminder_id, user_id, contact_id, $2, channel, 'queued', $2, id, $3, $3 from deliveries where id = $1
       on conflict (reminder_id, occurrence_at) do nothing`,
      [matched.id, at, reply.now],
    );
    return;
  }
  if (matched.confirmation === "snoozed") {
    // Answered before the resend left: it is no longer wanted.
    await client.query(
      `delete from deliveries where snoozed_from_id = $1 and status in ('queued', 'held') and sent_at is null`,
      [matched.id],
    );
  }
}
