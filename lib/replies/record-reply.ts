import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, deliveries, deliveryReplies, reminders } from "@/db/schema";
import type { ConfirmationState, ReplyAction } from "@/db/schema/enums";
import { optOutOfCalls } from "@/lib/contacts/opt-out-of-calls";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { withTransaction } from "@/lib/db/with-transaction";
import { emitWebhookEvent } from "@/lib/webhooks/emit-webhook-event";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";

/** LATER: the same message again this long after the reply. */
const SNOOZE_MS = 3_600_000;

/** The first key of recordReply's advisory locks, apart from every other lock the database takes. */
const REPLY_LOCK_SPACE = 72_033_002;

interface ReplyFields {
  body: string;
  /** What the reply does (STOP, START, HELP already decided by the caller). */
  action: ReplyAction;
  /** The provider's id of this reply (a MessageSid; a call's `<CallSid>:<digit>`): a replay changes nothing. */
  messageSid: string;
  now: Date;
}

/** A text message: it answers the newest delivery awaiting an answer from that number on its channel. */
export interface PhoneReply extends ReplyFields {
  channel: "sms" | "whatsapp";
  /** E.164, without `whatsapp:`. */
  phone: string;
  deliveryId?: never;
}

/** A reply whose delivery is known (a key pressed during a call answers that call's delivery). */
export interface DeliveryReply extends ReplyFields {
  channel: "call";
  deliveryId: number;
  phone?: never;
  /** 9: the sentence the call offered it in, kept as the opt-out's consent record. */
  optOutWording?: string;
}

export type InboundReply = PhoneReply | DeliveryReply;

export interface RecordedReply {
  deliveryId: number;
  /** The recipient's language (contact's, else the reminder's lead person's), for the acknowledgement. */
  locale: string;
  /** False on a webhook retry (same MessageSid): nothing was changed. */
  fresh: boolean;
  /** This reply moved the delivery's confirmation (confirmed, declined, snoozed). */
  acted: boolean;
  /** The delivery's confirmation after the reply; null: it never asked for one. */
  confirmation: ConfirmationState | null;
}

interface Matched {
  id: string;
  /** The delivery's partition key as PostgreSQL's text (a Date would drop the microseconds). */
  occurrence_at: string;
  reminder_id: string;
  workspace_id: string;
  contact_id: string;
  confirmation: ConfirmationState | null;
  locale: string;
  /** It awaits an answer: awaiting, or snoozed with its resend not yet left. */
  awaited: boolean;
}

const d = alias(deliveries, "d");
const s = alias(deliveries, "s");
const c = alias(contacts, "c");
const r = alias(deliveryReplies, "r");
const rm = alias(reminders, "rm");
const people = reminderPeopleSql({ workspaceId: rm.workspaceId, createdBy: rm.createdBy });

/** The recipient's language: the contact's, else the reminder's lead person's (the message's, see leased-row). */
const LOCALE = sql`coalesce(${c.locale}, ${people.lead.locale}, 'en')`;
const DELIVERY_JOINS = sql`join ${contacts} ${c} on ${c.id} = ${d.contactId}
  join ${reminders} ${rm} on ${rm.id} = ${d.reminderId} ${people.join}`;

/**
 * Held until the transaction ends, per MessageSid: with replies partitioned by their delivery's
 * month, no unique index spans every month, so this lock (then SEEN) keeps one row per MessageSid.
 */
const LOCK_SID = compileStatement<{ sid: string }>(
  (p) => sql`select pg_advisory_xact_lock(${sql.raw(String(REPLY_LOCK_SPACE))}, hashtext(${p.sid}))`,
);

/** A reply already stored under this MessageSid (a webhook retry). */
const SEEN = compileStatement<
  { sid: string },
  { delivery_id: string; locale: string; confirmation: ConfirmationState | null }
>(
  (p) => sql`select ${r.deliveryId} as delivery_id, ${LOCALE} as locale, ${d.confirmation} as confirmation
    from ${deliveryReplies} ${r}
      join ${deliveries} ${d} on ${d.id} = ${r.deliveryId} and ${d.occurrenceAt} = ${r.deliveryOccurrenceAt}
      ${DELIVERY_JOINS}
    where ${r.providerMessageId} = ${p.sid}`,
);

/** Awaits an answer: asked and not answered yet, or snoozed and its resend not yet left. */
const AWAITED = sql`(${d.confirmation} = 'awaiting'
  or (${d.confirmation} = 'snoozed' and exists (
        select 1 from ${deliveries} ${s} where ${s.snoozedFromId} = ${d.id} and ${s.status} in ('queued', 'held'))))`;
const MATCHED_COLUMNS = sql`${d.id} as id, ${d.occurrenceAt}::text as occurrence_at, ${d.reminderId} as reminder_id,
  ${d.workspaceId} as workspace_id, ${d.contactId} as contact_id, ${d.confirmation} as confirmation, ${LOCALE} as locale, ${AWAITED} as awaited`;

/** The newest delivery to this number on this channel that awaits an answer, locked. */
const MATCH = compileStatement<{ phone: string; channel: string }, Matched>(
  (p) => sql`select ${MATCHED_COLUMNS}
    from ${deliveries} ${d} ${DELIVERY_JOINS}
    where ${c.phone} = ${p.phone} and ${d.channel} = ${p.channel} and ${d.sentAt} is not null and ${AWAITED}
    order by ${d.sentAt} desc, ${d.id} desc limit 1
    for update of ${d}`,
);

/** The named delivery once sent, awaiting an answer or not, locked. */
const NAMED = compileStatement<{ id: number }, Matched>(
  (p) => sql`select ${MATCHED_COLUMNS}
    from ${deliveries} ${d} ${DELIVERY_JOINS}
    where ${d.id} = ${p.id} and ${d.sentAt} is not null
    for update of ${d}`,
);

/** What a reply asks of a delivery's confirmation; other actions leave it as it is. */
const CONFIRMATION_OF: Partial<Record<ReplyAction, ConfirmationState>> = {
  confirm: "confirmed",
  decline: "declined",
  snooze: "snoozed",
};

const INSERT_REPLY = compileStatement<{
  deliveryId: string;
  occurrenceAt: string;
  reminderId: string;
  workspaceId: string;
  channel: string;
  body: string;
  action: ReplyAction;
  sid: string;
  at: Date;
}>(
  (p) => sql`insert into ${deliveryReplies} (${columnName(deliveryReplies.deliveryId)},
      ${columnName(deliveryReplies.deliveryOccurrenceAt)}, ${columnName(deliveryReplies.reminderId)},
      ${columnName(deliveryReplies.workspaceId)},
      ${columnName(deliveryReplies.channel)}, ${columnName(deliveryReplies.body)}, ${columnName(deliveryReplies.action)},
      ${columnName(deliveryReplies.providerMessageId)}, ${columnName(deliveryReplies.receivedAt)})
    values (${p.deliveryId}, ${p.occurrenceAt}::timestamptz, ${p.reminderId}, ${p.workspaceId}, ${p.channel}, ${p.body}, ${p.action},
      ${p.sid}, ${p.at})`,
);

const SET_CONFIRMATION = compileStatement<{ id: string; occurrenceAt: string; state: string; at: Date }>(
  (p) => sql`update ${deliveries}
      set ${columnName(deliveries.confirmation)} = ${p.state}, ${columnName(deliveries.confirmationAt)} = ${p.at},
          ${columnName(deliveries.updatedAt)} = ${p.at}
    where ${deliveries.id} = ${p.id} and ${deliveries.occurrenceAt} = ${p.occurrenceAt}::timestamptz`,
);

/** LATER: the same delivery again at `at`, as a new queued row that names the one it snoozes. */
const SNOOZE = compileStatement<{ id: string; occurrenceAt: string; at: Date; now: Date }>(
  (
    p,
  ) => sql`insert into ${deliveries} (${columnName(deliveries.reminderId)}, ${columnName(deliveries.workspaceId)},
      ${columnName(deliveries.contactId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.channel)},
      ${columnName(deliveries.status)}, ${columnName(deliveries.nextAttemptAt)}, ${columnName(deliveries.snoozedFromId)},
      ${columnName(deliveries.createdAt)}, ${columnName(deliveries.updatedAt)})
    select ${deliveries.reminderId}, ${deliveries.workspaceId}, ${deliveries.contactId}, ${p.at}, ${deliveries.channel},
           'queued', ${p.at}, ${deliveries.id}, ${p.now}, ${p.now}
      from ${deliveries} where ${deliveries.id} = ${p.id} and ${deliveries.occurrenceAt} = ${p.occurrenceAt}::timestamptz
    on conflict (${columnName(deliveries.reminderId)}, ${columnName(deliveries.occurrenceAt)}, ${columnName(deliveries.fallbackStep)})
    do nothing`,
);

/** The snoozed delivery's resend, while it has not left. */
const CANCEL_RESEND = compileStatement<{ id: string }>(
  (p) => sql`delete from ${deliveries}
    where ${deliveries.snoozedFromId} = ${p.id} and ${deliveries.status} in ('queued', 'held')
      and ${deliveries.sentAt} is null`,
);

/**
 * The occurrence's other fallback steps still waiting (queued, held for quiet hours): due now, so
 * the engine settles them at once as not needed (answered_earlier) rather than when their time
 * comes. The engine's lease reads the answer itself, so one leased already is not sent either.
 */
const SETTLE_LATER_STEPS = compileStatement<{
  id: string;
  reminderId: string;
  occurrenceAt: string;
  at: Date;
}>(
  (p) => sql`update ${deliveries}
      set ${columnName(deliveries.nextAttemptAt)} = ${p.at}, ${columnName(deliveries.updatedAt)} = ${p.at}
    where ${deliveries.reminderId} = ${p.reminderId} and ${deliveries.occurrenceAt} = ${p.occurrenceAt}::timestamptz
      and ${deliveries.id} <> ${p.id} and ${deliveries.fallbackStep} > 0
      and ${deliveries.status} in ('queued', 'held') and ${deliveries.nextAttemptAt} > ${p.at}`,
);

/**
 * Stores a reply against the delivery it answers and acts on it, in one transaction. A text
 * message (`phone`) answers the newest delivery sent to that number on that channel still
 * awaiting an answer (or snoozed, its resend not yet left): with several contacts sharing a
 * number (one per workspace, or two of one workspace) the most recent ask wins. A key pressed during a
 * call names its delivery (`deliveryId`); one that awaits no answer (it never asked, or was
 * answered already) keeps the key as a reply that did nothing (action `none`).
 * YES confirms, NO declines, LATER snoozes (one new delivery of the same message an hour later,
 * `snoozed_from_id`; a second LATER before it leaves changes nothing); any of the three stops the
 * reminder's fallback chain for that occurrence (later steps waiting are settled at once); an answer to a snoozed
 * delivery whose resend has not left yet cancels that resend. A call's opt-out (9) stops that
 * workspace's calls to the number. Other replies (STOP, HELP, any text) are stored only: STOP on SMS
 * and WhatsApp was applied by the keyword step, for every contact with the number. A MessageSid
 * already stored changes nothing. Null: no delivery to answer.
 */
export async function recordReply(reply: InboundReply): Promise<RecordedReply | null> {
  return withTransaction(async (client) => {
    await LOCK_SID.run(client, { sid: reply.messageSid });
    const seen = await SEEN.run(client, { sid: reply.messageSid });
    if (seen.rows[0]) {
      const { delivery_id, locale, confirmation } = seen.rows[0];
      return { deliveryId: Number(delivery_id), locale, fresh: false, acted: false, confirmation };
    }
    const { rows } =
      reply.deliveryId === undefined
        ? await MATCH.run(client, { phone: reply.phone, channel: reply.channel })
        : await NAMED.run(client, { id: reply.deliveryId });
    const matched = rows[0];
    if (!matched) return null;
    // A confirmation answer to a delivery that awaits none is kept as what it did: nothing.
    const action = CONFIRMATION_OF[reply.action] && !matched.awaited ? "none" : reply.action;
    // LOCK_SID made a concurrent delivery of the same webhook wait, then see this reply (SEEN).
    await INSERT_REPLY.run(client, {
      deliveryId: matched.id,
      occurrenceAt: matched.occurrence_at,
      reminderId: matched.reminder_id,
      workspaceId: matched.workspace_id,
      channel: reply.channel,
      body: reply.body.slice(0, 1600),
      action,
      sid: reply.messageSid,
      at: reply.now,
    });
    const result = {
      deliveryId: Number(matched.id),
      locale: matched.locale,
      fresh: true,
      acted: false,
      confirmation: matched.confirmation,
    };
    const moved = await act(client, matched, { ...reply, action });
    return moved ? { ...result, acted: true, confirmation: moved } : result;
  });
}

/** Acts on a stored reply; returns the confirmation it moved the delivery to, if it did. */
async function act(
  client: pg.PoolClient,
  matched: Matched,
  reply: InboundReply,
): Promise<ConfirmationState | null> {
  if (reply.action === "opt_out" && reply.channel === "call") {
    await optOutOfCalls(client, {
      workspaceId: matched.workspace_id,
      contactId: matched.contact_id,
      at: reply.now,
      wording: reply.optOutWording ?? reply.body,
    });
    return null;
  }
  const state = CONFIRMATION_OF[reply.action];
  if (!state) return null;
  if (reply.action === "snooze" && matched.confirmation === "snoozed") return null; // one resend per ask
  await SET_CONFIRMATION.run(client, {
    id: matched.id,
    occurrenceAt: matched.occurrence_at,
    state,
    at: reply.now,
  });
  // Any answer stops the reminder's fallback chain for this occurrence (docs/delivery.md#fallback).
  await SETTLE_LATER_STEPS.run(client, {
    id: matched.id,
    reminderId: matched.reminder_id,
    occurrenceAt: matched.occurrence_at,
    at: reply.now,
  });
  await emitWebhookEvent(client, {
    workspaceId: matched.workspace_id,
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
    await SNOOZE.run(client, { id: matched.id, occurrenceAt: matched.occurrence_at, at, now: reply.now });
    return state;
  }
  if (matched.confirmation === "snoozed") {
    // Answered before the resend left: it is no longer wanted.
    await CANCEL_RESEND.run(client, { id: matched.id });
  }
  return state;
}
