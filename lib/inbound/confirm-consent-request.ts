import "server-only";
import type pg from "pg";
import { sql, type Column } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CONSENT_CONFIRM_WORDS, type ConfirmableChannel } from "@/config/preferences";
import { consentRequests, contacts } from "@/db/schema";
import { toLocale } from "@/i18n/locales";
import { recordConsent } from "@/lib/consent/record-consent";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { withTransaction } from "@/lib/db/with-transaction";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { isOurSender } from "@/lib/replies/is-our-sender";
import { normaliseReply } from "@/lib/replies/parse-reply-keyword";
import type { TwilioInbound } from "@/lib/validations/twilio-webhook";
import { emitWebhookEvents } from "@/lib/webhooks/emit-webhook-events";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";
import { claimedAction, claimInboundMessage } from "./claim-inbound-message";

const r = alias(consentRequests, "r");
const c = alias(contacts, "c");
const people = reminderPeopleSql({ workspaceId: c.workspaceId, createdBy: c.createdBy });

/** The channel whose confirmation word a reply is (any language's), else null. */
export function confirmedChannelOf(body: string): ConfirmableChannel | null {
  const word = normaliseReply(body);
  const entry = Object.entries(CONSENT_CONFIRM_WORDS).find(([, words]) =>
    (Object.values(words) as string[]).includes(word),
  );
  return entry ? (entry[0] as ConfirmableChannel) : null;
}

/**
 * The newest request on `channel` waiting for a reply from this number, unexpired, locked; its
 * contact must still have that number (a number changed since never confirms for the new one).
 */
const PENDING = compileStatement<
  { phone: string; channel: string; now: Date },
  {
    id: string;
    workspace_id: string;
    contact_id: string;
    sender_name: string;
    locale: string | null;
  }
>(
  (p) => sql`select ${r.id} as id, ${r.workspaceId} as workspace_id, ${r.contactId} as contact_id,
      ${people.senderName} as sender_name, coalesce(${c.locale}, ${people.lead.locale}) as locale
    from ${consentRequests} ${r}
      join ${contacts} ${c} on ${c.id} = ${r.contactId} and ${c.phone} = ${r.phone} ${people.join}
    where ${r.phone} = ${p.phone} and ${r.channel} = ${p.channel} and ${r.confirmedAt} is null
      and ${r.expiresAt} > ${p.now}
    order by ${r.createdAt} desc, ${r.id} desc limit 1
    for update of ${r}`,
);

const CONFIRM = compileStatement<{ id: string; now: Date }>(
  (p) => sql`update ${consentRequests} set ${columnName(consentRequests.confirmedAt)} = ${p.now}
    where ${consentRequests.id} = ${p.id}`,
);

/** Clears one opt-out flag of the contact; a row back: it was set (the reply changed it). */
function clearStatement(column: Column) {
  return compileStatement<{ contactId: string; now: Date }, { id: string }>(
    (
      p,
    ) => sql`update ${contacts} set ${columnName(column)} = false, ${columnName(contacts.updatedAt)} = ${p.now}
      where ${contacts.id} = ${p.contactId} and ${column}
      returning ${contacts.id} as id`,
  );
}

const CLEAR_OPT_OUT: Record<ConfirmableChannel, ReturnType<typeof clearStatement>> = {
  call: clearStatement(contacts.callOptOut),
};

/** The answer to a confirming reply, per channel taken back. */
const CONFIRMED_TEXT = { call: "consent.callsConfirmed" } as const satisfies Record<
  ConfirmableChannel,
  string
>;

export interface ConfirmedRequest {
  /** The contacts whose opt-out the reply cleared (0: they had none left). */
  contacts: number;
  /** The confirmation texted back; null for a replay, answered the first time. */
  reply: string | null;
}

/**
 * An incoming SMS or WhatsApp message that confirms a contact's request to take a channel back:
 * its text is that channel's confirmation word (CONSENT_CONFIRM_WORDS) and it comes from the
 * phone an unexpired, unconfirmed request went to (the newest one, when several wait). In one
 * transaction the contact's opt-out of the channel is cleared (a `contact.opted_in` event), the
 * request is confirmed, and an 'opted_in' consent record keeps the request's sentence in the
 * contact's language; the answer thanks them. Null for anything else (no such word, no such
 * request, an expired one, another number): the message goes on as any other reply. Acted on
 * once per MessageSid.
 */
export async function confirmConsentRequest(
  inbound: TwilioInbound,
  now = new Date(),
): Promise<ConfirmedRequest | null> {
  const channel = confirmedChannelOf(inbound.Body);
  const replyChannel = inbound.From.startsWith("whatsapp:") ? "whatsapp" : "sms";
  const sid = inbound.MessageSid;
  if (!channel || inbound.OptOutType || !sid || !isOurSender(replyChannel, inbound.To)) return null;
  const phone = inbound.From.replace(/^whatsapp:/, "");
  return withTransaction(async (client) => {
    const { rows } = await PENDING.run(client, { phone, channel, now });
    const request = rows[0];
    if (!request) {
      // A retry of a reply that confirmed: its request is confirmed now, so none waits.
      return (await claimedAction(client, sid)) === "confirm_consent" ? { contacts: 0, reply: null } : null;
    }
    if (!(await claimInboundMessage(client, { sid, phone, action: "confirm_consent" }))) {
      return { contacts: 0, reply: null };
    }
    const changed = await apply(client, {
      ...request,
      channel,
      replyChannel,
      word: normaliseReply(inbound.Body),
      now,
    });
    const t = deliveryTranslator(request.locale);
    return { contacts: changed, reply: t(CONFIRMED_TEXT[channel], { sender: request.sender_name }) };
  });
}

async function apply(
  client: pg.PoolClient,
  request: {
    id: string;
    workspace_id: string;
    contact_id: string;
    sender_name: string;
    locale: string | null;
    channel: ConfirmableChannel;
    replyChannel: "sms" | "whatsapp";
    word: string;
    now: Date;
  },
): Promise<number> {
  const { now, channel } = request;
  await CONFIRM.run(client, { id: request.id, now });
  const { rows } = await CLEAR_OPT_OUT[channel].run(client, { contactId: request.contact_id, now });
  if (rows.length === 0) return 0;
  const locale = toLocale(request.locale);
  const sender = request.sender_name;
  await recordConsent(drizzleOnClient(client), [
    {
      workspaceId: request.workspace_id,
      contactId: request.contact_id,
      channel,
      change: "opted_in",
      source: request.replyChannel === "whatsapp" ? "whatsapp_reply" : "sms_reply",
      // The request they answered, as it was texted to them.
      wording: deliveryTranslator(locale)("consent.requestSms", {
        word: CONSENT_CONFIRM_WORDS[channel][locale],
        sender,
      }),
      details: { requestId: Number(request.id), reply: request.word },
      at: now,
    },
  ]);
  await emitWebhookEvents(client, [
    {
      workspaceId: request.workspace_id,
      type: "contact.opted_in",
      data: { contactId: request.contact_id, channels: [channel] },
      occurredAt: now,
    },
  ]);
  return rows.length;
}
