import "server-only";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { conflict, invalidInput, notFound } from "@/lib/errors/domain-error";
import { getOutboxMessage } from "@/lib/outbox/get-outbox-message";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { OUTBOX_SENDER, twilioConfig } from "./twilio-config";
import { twimlMessages } from "./twiml";
import { twilioSignature } from "./verify-twilio-signature";

/**
 * The webhook each outbox channel's replies reach, as Twilio calls it. (A call channel would
 * add its voice webhook here and post the keypad digit as `Digits`.)
 */
const INBOUND_PATH = {
  sms: "/api/webhooks/twilio/inbound",
  whatsapp: "/api/webhooks/twilio/inbound",
} as const;

export interface OutboxReplyResult {
  /** The webhook's HTTP status. */
  status: number;
  /** What it answered with (TwiML <Message>), now in the outbox as sent back to the phone. */
  answers: string[];
}

/**
 * Answers a message in the dev outbox as its recipient's phone would: Twilio's form parameters
 * for an incoming message (a fresh MessageSid, From the recipient, To our sender), signed with
 * the stand-in account's token for the webhook's public URL, handed to `post` (the webhook's
 * own route handler), so the reply takes the path a real one takes, signature check included.
 * What the webhook answers is kept in the outbox, as Twilio would text it back. Only with the
 * stand-in (development without Twilio settings): with a real account replies come from Twilio.
 */
export async function replyFromOutbox(
  messageId: number,
  body: string,
  post: (request: Request) => Promise<Response>,
): Promise<OutboxReplyResult> {
  const config = twilioConfig();
  if (!config?.outbox) {
    throw conflict("Twilio is configured: replies come from Twilio, not the dev outbox");
  }
  const message = await getOutboxMessage(messageId);
  if (!message) throw notFound("Outbox message not found");
  if (message.channel !== "sms" && message.channel !== "whatsapp") {
    throw invalidInput("Only SMS and WhatsApp messages can be answered");
  }
  const whatsapp = message.channel === "whatsapp";
  const sid = `SM${randomBytes(16).toString("hex")}`;
  const from = message.to;
  const to = message.from ?? (whatsapp ? `whatsapp:${OUTBOX_SENDER}` : OUTBOX_SENDER);
  const params: Record<string, string> = {
    MessageSid: sid,
    SmsMessageSid: sid,
    SmsSid: sid,
    AccountSid: config.accountSid,
    From: from,
    To: to,
    Body: body,
    NumMedia: "0",
    NumSegments: "1",
    SmsStatus: "received",
    ApiVersion: "2010-04-01",
    ...(whatsapp ? { WaId: from.replace(/\D/g, "") } : {}),
  };
  // The URL Twilio would call, which the webhook checks the signature against.
  const url = `${env.APP_URL.replace(/\/$/, "")}${INBOUND_PATH[message.channel]}`;
  const response = await post(
    new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature(config.authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    }),
  );
  const answers = response.ok ? twimlMessages(await response.text()) : [];
  for (const text of answers) {
    await storeOutboxMessage({ channel: message.channel, to: from, from: to, text });
  }
  return { status: response.status, answers };
}
