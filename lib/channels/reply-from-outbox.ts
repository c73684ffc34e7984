import "server-only";
import { randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { conflict, invalidInput, notFound } from "@/lib/errors/domain-error";
import { getOutboxMessage } from "@/lib/outbox/get-outbox-message";
import { storeOutboxMessage } from "@/lib/outbox/store-outbox-message";
import { outboxCallOf } from "./outbox-call";
import { readCallTwiml, spokenLines } from "./read-call-twiml";
import { OUTBOX_SENDER, twilioConfig, type TwilioConfig } from "./twilio-config";
import { twimlMessages } from "./twiml";
import { twilioSignature } from "./verify-twilio-signature";

/** The webhook SMS and WhatsApp replies reach, as Twilio calls it (a call's keys go to its Gather action). */
const INBOUND_PATH = "/api/webhooks/twilio/inbound";

/** One key of a phone's keypad. */
const KEY = /^[0-9*#]$/;

export interface OutboxReplyResult {
  /** The webhook's HTTP status. */
  status: number;
  /** What it answered with (TwiML <Message>; for a call, what it says), now in the outbox. */
  answers: string[];
  /** A call: the answer sends the call back to its message (0, or a key that does nothing). */
  redirect?: boolean;
  /** A call: the answer ends the call. */
  hungUp?: boolean;
}

type Post = (request: Request) => Promise<Response>;
type OutboxMessage = NonNullable<Awaited<ReturnType<typeof getOutboxMessage>>>;

/** A request as Twilio sends it: form parameters signed with the account's token for `url`. */
function signed(config: TwilioConfig, url: string, params: Record<string, string>): Request {
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(config.authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
}

/**
 * Answers a message in the dev outbox as its recipient's phone would, through `post` (the
 * webhook's own route handler, chosen by the request's path), so the reply takes the path a real
 * one takes, signature check included. An SMS or WhatsApp message gets a text (`body`): Twilio's
 * parameters for an incoming message (a fresh MessageSid, From the recipient, To our sender) to
 * the inbound webhook. A call gets a key pressed (`body`, one key): Twilio's parameters for its
 * Gather action (CallSid `outbox-<id>`, as the call was recorded; `Digits` the key) to the call's
 * gather URL. What the webhook answers is kept in the outbox, as Twilio would text it back or say
 * it. Only with the stand-in (development without Twilio settings): with a real account replies
 * come from Twilio.
 */
export async function replyFromOutbox(
  messageId: number,
  body: string,
  post: Post,
): Promise<OutboxReplyResult> {
  const config = twilioConfig();
  if (!config?.outbox) {
    throw conflict("Twilio is configured: replies come from Twilio, not the dev outbox");
  }
  const message = await getOutboxMessage(messageId);
  if (!message) throw notFound("Outbox message not found");
  if (message.channel === "call") return pressKey(config, message, body, post);
  if (message.channel !== "sms" && message.channel !== "whatsapp") {
    throw invalidInput("Only SMS and WhatsApp messages can be answered, and calls' keys pressed");
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
  const url = `${env.APP_URL.replace(/\/$/, "")}${INBOUND_PATH}`;
  const response = await post(signed(config, url, params));
  const answers = response.ok ? twimlMessages(await response.text()) : [];
  for (const text of answers) {
    await storeOutboxMessage({
      channel: message.channel,
      to: from,
      from: to,
      text,
      workspaceId: message.workspaceId,
    });
  }
  return { status: response.status, answers };
}

/** A key pressed on a call kept in the outbox; the TwiML answered is kept as that call's next line. */
async function pressKey(config: TwilioConfig, message: OutboxMessage, key: string, post: Post) {
  if (!KEY.test(key)) throw invalidInput("Press one key: 0 to 9, * or #");
  const call = outboxCallOf(message);
  if (!call.gatherUrl) throw invalidInput("This call takes no keys");
  const callSid = `outbox-${message.id}`;
  const from = message.from ?? OUTBOX_SENDER;
  const params: Record<string, string> = {
    CallSid: callSid,
    AccountSid: config.accountSid,
    From: from,
    To: message.to,
    Caller: from,
    Called: message.to,
    Digits: key,
    FinishedOnKey: "",
    CallStatus: "in-progress",
    Direction: "outbound-api",
    ApiVersion: "2010-04-01",
  };
  const response = await post(signed(config, call.gatherUrl, params));
  if (!response.ok) return { status: response.status, answers: [] };
  const answer = await response.text();
  await storeOutboxMessage({
    channel: "call",
    to: message.to,
    from,
    text: answer,
    headers: { callSid, key },
    workspaceId: message.workspaceId,
  });
  const steps = readCallTwiml(answer);
  return {
    status: response.status,
    answers: spokenLines(steps),
    redirect: steps.some((step) => step.kind === "redirect"),
    hungUp: steps.some((step) => step.kind === "hangup"),
  };
}
