import "server-only";
import { sql } from "drizzle-orm";
import { deliveryCalls } from "@/db/schema";
import { callTwiml, hangUpTwiml, type CallListener } from "@/lib/channels/call-twiml";
import { callDeliveryId } from "@/lib/channels/call-webhook-url";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { pool } from "@/lib/db";
import { messagePartsOf } from "@/lib/delivery/message-parts-of";
import { renderMessage } from "@/lib/messages/render-message";
import { twilioCallRequestSchema } from "@/lib/validations/twilio-call-webhook";
import { findCallDelivery } from "./find-call-delivery";

/** Who answered, as answering-machine detection first told it (kept once). */
const KEEP_ANSWERED_BY = compileStatement<{ sid: string; answeredBy: string }>(
  (p) => sql`update ${deliveryCalls}
      set ${columnName(deliveryCalls.answeredBy)} = ${p.answeredBy}, ${columnName(deliveryCalls.updatedAt)} = now()
    where ${deliveryCalls.callSid} = ${p.sid} and ${deliveryCalls.answeredBy} is null`,
);

/**
 * A voicemail or a fax answered (AnsweredBy machine_* or fax): the message is left without the
 * keypad prompt. A person, or detection that could not tell (unknown), hears the keypad.
 */
export function listenerOf(answeredBy: string | null | undefined): CallListener {
  return answeredBy?.startsWith("machine_") || answeredBy === "fax" ? "machine" : "person";
}

/**
 * The TwiML a call answers with when it connects (Twilio fetches it from the delivery's voice
 * webhook, signature already checked): the call (CallSid) must be one placed for the delivery
 * `d` names, sent within a day; then who it is from, the message read aloud or the recording
 * played, and for a person the keypad. Anything else hangs up at once, nothing said.
 */
export async function answerCall(raw: Record<string, string>, marker: string | null): Promise<string> {
  const parsed = twilioCallRequestSchema.safeParse(raw);
  const deliveryId = callDeliveryId(marker);
  if (!parsed.success || deliveryId === null) return hangUpTwiml();
  const { CallSid: sid, AnsweredBy: answeredBy } = parsed.data;
  const found = await findCallDelivery(sid, deliveryId);
  if (!found) return hangUpTwiml();
  if (answeredBy && !found.answeredBy) await KEEP_ANSWERED_BY.run(pool, { sid, answeredBy });
  const script = renderMessage(messagePartsOf(found.delivery)).call;
  if (!script) return hangUpTwiml();
  return callTwiml(script, listenerOf(answeredBy ?? found.answeredBy));
}
