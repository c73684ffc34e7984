import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CALL_WEBHOOK_PATHS } from "@/config/calls";
import { contacts, deliveries, deliveryCalls, users } from "@/db/schema";
import { hangUpTwiml, redirectTwiml, sayAndHangUp, sayAndRedirect } from "@/lib/channels/call-twiml";
import { pool } from "@/lib/db";
import { compileStatement } from "@/lib/db/compile-statement";
import { env } from "@/lib/env";
import { fromZodError } from "@/lib/errors/zod-error";
import { deliveryTranslator } from "@/lib/messages/render-message";
import { recordReply } from "@/lib/replies/record-reply";
import { senderNameSql } from "@/lib/users/sender-name";
import { callDeliveryMarkerSchema, twilioGatherSchema } from "@/lib/validations/twilio-gather";
import { keypadAcknowledgement, keypadAction } from "./keypad-acknowledgement";

/** A key pressed later than this after its call was placed answers nothing (an old signed request). */
const CALL_ANSWERABLE_MS = 24 * 3_600_000;

const dc = alias(deliveryCalls, "dc");
const d = alias(deliveries, "d");
const c = alias(contacts, "c");
const u = alias(users, "u");

/** The call `sid` placed for call delivery `id` within the last day: the recipient's language and the sender. */
const FIND_CALL = compileStatement<
  { sid: string; id: number; since: Date },
  { locale: string; sender: string }
>(
  (p) => sql`select coalesce(${c.locale}, ${u.locale}) as locale, ${senderNameSql(u)} as sender
    from ${deliveryCalls} ${dc}
      join ${deliveries} ${d} on ${d.id} = ${dc.deliveryId} and ${d.userId} = ${dc.userId}
      join ${contacts} ${c} on ${c.id} = ${d.contactId}
      join ${users} ${u} on ${u.id} = ${d.userId}
    where ${dc.callSid} = ${p.sid} and ${dc.deliveryId} = ${p.id} and ${d.channel} = 'call'
      and ${d.sentAt} is not null and ${dc.createdAt} >= ${p.since}`,
);

/**
 * A key pressed after a reminder call's message (Twilio's Gather action, already signed; `marker`
 * is the URL's `?d=`): the TwiML the call continues with, in the recipient's language. The call
 * must be one placed for that call delivery in the last day, else the call just ends. 1, 2 and 3
 * answer the reminder's confirmation ask through the replies, as a text reply would; 9 stops
 * this sender's calls to the number; each is kept in the History (body the key, id
 * `<CallSid>:<key>`, so a replayed press changes nothing). 0 hears the message again; another
 * key says so and plays it again.
 */
export async function answerKeypad(
  raw: Record<string, string>,
  marker: string | null,
  now = new Date(),
): Promise<string> {
  const parsed = twilioGatherSchema.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { CallSid, Digits } = parsed.data;
  const deliveryId = callDeliveryMarkerSchema.safeParse(marker ?? "");
  if (!deliveryId.success) return hangUpTwiml();
  const since = new Date(now.getTime() - CALL_ANSWERABLE_MS);
  const { rows } = await FIND_CALL.run(pool, { sid: CallSid, id: deliveryId.data, since });
  const call = rows[0];
  if (!call) return hangUpTwiml();
  const t = deliveryTranslator(call.locale);
  const again = `${env.APP_URL.replace(/\/$/, "")}${CALL_WEBHOOK_PATHS.twiml}?d=${deliveryId.data}`;
  const action = keypadAction(Digits);
  if (action === "repeat") return redirectTwiml(again);
  if (!action) return sayAndRedirect(call.locale, t("call.unknownKey"), again);
  const recorded = await recordReply({
    channel: "call",
    deliveryId: deliveryId.data,
    body: Digits,
    action,
    messageSid: `${CallSid}:${Digits}`,
    now,
  });
  if (action === "opt_out") {
    return sayAndHangUp(call.locale, t("call.optedOut", { sender: call.sender }));
  }
  return sayAndHangUp(call.locale, t(keypadAcknowledgement(action, recorded)));
}
