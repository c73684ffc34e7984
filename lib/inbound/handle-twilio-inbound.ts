import "server-only";
import { sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts } from "@/db/schema";
import { fromZodError } from "@/lib/errors/zod-error";
import { pool } from "@/lib/db";
import { withTransaction } from "@/lib/db/with-transaction";
import { drizzleOnClient } from "@/lib/db/drizzle-on-client";
import { recordConsent } from "@/lib/consent/record-consent";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { answerConfirmation } from "@/lib/replies/answer-confirmation";
import { twilioInboundSchema, type TwilioInbound } from "@/lib/validations/twilio-webhook";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { webhookFanOut } from "@/lib/webhooks/webhook-fan-out";
import { queueWebhookDispatch } from "@/lib/webhooks/queue-webhook-dispatch";
import { reminderPeopleSql } from "@/lib/workspaces/reminder-people-sql";
import { claimInboundMessage, type InboundAction, type KeywordAction } from "./claim-inbound-message";
import { confirmConsentRequest } from "./confirm-consent-request";

/** Twilio's default opt-out and opt-in keywords (docs/delivery.md), matched on the whole body. */
export const STOP_WORDS = new Set([
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "CANCEL",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
]);
export const START_WORDS = new Set(["START", "YES", "UNSTOP"]);
export const HELP_WORDS = new Set(["HELP", "INFO"]);

export type { InboundAction };

export interface InboundResult {
  action: InboundAction;
  channel: "sms" | "whatsapp";
  contacts: number;
  /** Text to answer with in TwiML, if any. */
  reply: string | null;
}

const c = alias(contacts, "c");
const people = reminderPeopleSql({ workspaceId: c.workspaceId, createdBy: c.createdBy });

/**
 * The language of the person behind the newest contact with this number (the contact's creator
 * while a member of its workspace, else the owner): the answer's language.
 */
const OWNER_LOCALE = compileStatement<{ phone: string }, { locale: string | null }>(
  (p) => sql`select ${people.lead.locale} as locale from ${contacts} ${c} ${people.join}
    where ${c.phone} = ${p.phone} order by ${c.updatedAt} desc limit 1`,
);

/** A contact whose flags a keyword changed, and the channels it changed for them. */
interface ChangedContact {
  contactId: string;
  workspaceId: string;
  channels: ("sms" | "whatsapp")[];
}

/**
 * Sets these opt-out flags of every contact with the number (`n`), with a `contact.opted_out`
 * or `contact.opted_in` webhook event for each contact whose flags this changed (`hooks`:
 * messages written) and those contacts with the channels changed (`changed`, for their consent
 * records). `before` reads the rows as they were: every part of one statement sees the same
 * snapshot.
 */
function optOutStatement(flags: { column: Column; channel: "sms" | "whatsapp" }[]) {
  const list = (each: (column: Column) => SQL, separator: string) =>
    sql.join(
      flags.map(({ column }) => each(column)),
      sql.raw(separator),
    );
  return compileStatement<
    { phone: string; optOut: boolean; channels: string[] },
    { n: number; hooks: number; changed: ChangedContact[] }
  >((p) => {
    const differs = (column: Column) => sql`b.${columnName(column)} is distinct from ${p.optOut}`;
    // The channel names are the code's own constants, written into the statement's text.
    const changedChannels = sql.join(
      flags.map(
        ({ column, channel }) => sql`case when ${differs(column)} then ${sql.raw(`'${channel}'`)} end`,
      ),
      sql.raw(", "),
    );
    return sql`with before as (
        select ${contacts.id} as id, ${contacts.workspaceId} as workspace_id, ${list((column) => sql`${column}`, ", ")}
          from ${contacts} where ${contacts.phone} = ${p.phone}),
      updated as (
        update ${contacts}
          set ${list((column) => sql`${columnName(column)} = ${p.optOut}`, ", ")}, ${columnName(contacts.updatedAt)} = now()
        where ${contacts.phone} = ${p.phone} returning 1),
      changed as (
        select b.id, b.workspace_id, array_remove(array[${changedChannels}], null) as channels
        from before b where ${list(differs, " or ")}),
      hooks as (${webhookFanOut(sql`select workspace_id,
          case when ${p.optOut} then 'contact.opted_out' else 'contact.opted_in' end as type,
          jsonb_build_object('contactId', id, 'channels', to_jsonb(${p.channels}::text[])) as data,
          now() as occurred_at
        from changed`)}
        returning 1)
      select (select count(*) from updated)::int as n, (select count(*) from hooks)::int as hooks,
        (select coalesce(json_agg(json_build_object('contactId', id, 'workspaceId', workspace_id,
          'channels', channels) order by id), '[]'::json) from changed) as changed`;
  });
}

const SET_OPT_OUT = {
  sms: { statement: optOutStatement([{ column: contacts.smsOptOut, channel: "sms" }]), channels: ["sms"] },
  whatsapp: {
    statement: optOutStatement([{ column: contacts.whatsappOptOut, channel: "whatsapp" }]),
    channels: ["whatsapp"],
  },
  every: {
    statement: optOutStatement([
      { column: contacts.smsOptOut, channel: "sms" },
      { column: contacts.whatsappOptOut, channel: "whatsapp" },
    ]),
    channels: ["sms", "whatsapp"],
  },
};

function classify(optOutType: string | undefined, body: string): KeywordAction {
  // Advanced Opt-Out has already matched the (possibly localised, custom) keywords for us.
  if (optOutType === "STOP") return "opt_out";
  if (optOutType === "START") return "opt_in";
  if (optOutType === "HELP") return "help";
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return "opt_out";
  if (START_WORDS.has(word)) return "opt_in";
  if (HELP_WORDS.has(word)) return "help";
  return "none";
}

/**
 * An incoming message from a phone. Opt-out and opt-in apply to the channel it came in on
 * (STOPALL: SMS and WhatsApp), for every contact with that number, each contact and channel it
 * changed with its consent record (the words sent) in the same transaction. HELP is answered, except
 * when Advanced Opt-Out sent its own configured answer (OptOutType=HELP). WhatsApp has no
 * keyword handling at Twilio, so opt-out and opt-in are confirmed there by the app. A reply
 * confirming a request to take a channel back (confirmConsentRequest) is acted on and answered
 * before all of these. A keyword message is acted on once per MessageSid: its retry or replay
 * changes nothing and is not answered.
 */
export async function handleTwilioInbound(
  raw: Record<string, string>,
  now = new Date(),
): Promise<InboundResult> {
  const parsed = twilioInboundSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const channel = parsed.data.From.startsWith("whatsapp:") ? "whatsapp" : "sms";
  // A contact's word confirming a request to take a channel back (never a reply word below).
  const confirmed = await confirmConsentRequest(parsed.data, now);
  if (confirmed) return { action: "confirm_consent", channel, ...confirmed };
  const result = await applyKeywords(parsed.data);
  // Then a reply to a reminder that asked for a confirmation (YES, NO, LATER): its answer wins.
  const answer = await answerConfirmation(parsed.data, result.channel, result.action);
  return answer ? { ...result, reply: answer } : result;
}

async function applyKeywords({
  From,
  Body,
  OptOutType,
  MessageSid,
}: TwilioInbound): Promise<InboundResult & { action: KeywordAction }> {
  const channel = From.startsWith("whatsapp:") ? "whatsapp" : "sms";
  const phone = From.replace(/^whatsapp:/, "");
  const action = classify(OptOutType, Body);
  if (action === "none") return { action, channel, contacts: 0, reply: null };
  const owners = await OWNER_LOCALE.run(pool, { phone });
  const t = deliveryTranslator(owners.rows[0]?.locale);
  return withTransaction(async (client) => {
    // Twilio always sends MessageSid; a message without one cannot be told from its replay.
    if (MessageSid) {
      const claimed = await claimInboundMessage(client, { sid: MessageSid, phone, action });
      if (!claimed) return { action, channel, contacts: 0, reply: null };
    }
    if (action === "help") {
      return { action, channel, contacts: 0, reply: OptOutType === "HELP" ? null : t("inbound.help") };
    }
    const optOut = action === "opt_out";
    const everyChannel = Body.trim().toUpperCase() === "STOPALL";
    const { statement, channels } = SET_OPT_OUT[everyChannel && optOut ? "every" : channel];
    const result = await statement.run(client, { phone, optOut, channels });
    const row = result.rows[0];
    if ((row?.hooks ?? 0) > 0) await queueWebhookDispatch(client);
    // One record per contact and channel this changed, in the words the contact sent.
    const wording = Body.trim() || OptOutType || "";
    await recordConsent(
      drizzleOnClient(client),
      (row?.changed ?? []).flatMap(({ contactId, workspaceId, channels: changed }) =>
        changed.map((changedChannel) => ({
          workspaceId,
          contactId,
          channel: changedChannel,
          change: optOut ? ("opted_out" as const) : ("opted_in" as const),
          source: channel === "whatsapp" ? ("whatsapp_reply" as const) : ("sms_reply" as const),
          wording,
        })),
      ),
    );
    const reply = channel === "whatsapp" ? t(optOut ? "inbound.optedOut" : "inbound.optedIn") : null;
    return { action, channel, contacts: row?.n ?? 0, reply };
  });
}
