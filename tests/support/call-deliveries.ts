import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { CALL_WEBHOOK_PATHS } from "@/config/calls";
import { contacts, deliveries, deliveryCalls, outboxMessages } from "@/db/schema";
import { twilioCallChannel } from "@/lib/channels/twilio-call-channel";
import { db } from "@/lib/db";
import { renderMessage } from "@/lib/messages/render-message";
import { createReminder } from "./delivery-fixtures";
import { signedWebhook, TEST_ACCOUNT_SID } from "./twilio-sink";

/** The caller ID the test calls come from. */
export const CALLER_ID = "+15005550006";

/** A fresh CallSid as Twilio writes them (CA and 32 hex digits). */
export const callSid = () => `CA${randomBytes(16).toString("hex")}`;

/**
 * A call reminder to `contactId` whose delivery the engine has placed: the delivery 'sent' (its
 * provider id the CallSid, awaiting an answer when `askConfirmation`) and its delivery_calls row,
 * in progress. Written directly, as the engine records a placed call: the reminder asks (its
 * `askConfirmation`, which the call's prompt and keypad follow) and the delivery awaits
 * (`confirmation`, which a reply reads).
 */
export async function sentCall(
  workspaceId: string,
  contactId: string,
  options: { askConfirmation?: boolean; at?: Date; callCreatedAt?: Date } = {},
) {
  const { reminder, delivery } = await sentCallDelivery(workspaceId, contactId, options);
  const sid = callSid();
  await db.update(deliveries).set({ providerMessageId: sid }).where(eq(deliveries.id, delivery.id));
  await placedCall(delivery, sid, options.callCreatedAt);
  return { reminder, delivery, callSid: sid };
}

async function sentCallDelivery(
  workspaceId: string,
  contactId: string,
  options: { askConfirmation?: boolean; at?: Date },
) {
  const at = options.at ?? new Date();
  const askConfirmation = options.askConfirmation ?? true;
  const reminder = await createReminder(workspaceId, contactId, at, {
    deliveryMethod: "call",
    status: "sent",
    nextRunAt: null,
    askConfirmation,
  });
  const [delivery] = await db
    .insert(deliveries)
    .values({
      reminderId: reminder.id,
      workspaceId,
      contactId,
      occurrenceAt: at,
      channel: "call",
      status: "sent",
      attemptCount: 1,
      firstAttemptAt: at,
      lastAttemptAt: at,
      sentAt: at,
      confirmation: askConfirmation ? "awaiting" : null,
    })
    .returning();
  return { reminder, delivery };
}

/**
 * A call reminder placed without Twilio (development): kept in the dev outbox as the call
 * channel keeps it (channel 'call', the TwiML a person hears, headers `{url, gatherUrl, keys}`), the
 * delivery 'sent' with provider id `outbox-<message id>` and its delivery_calls row of that id.
 */
export async function callInOutbox(
  workspaceId: string,
  contactId: string,
  options: { askConfirmation?: boolean } = {},
) {
  const askConfirmation = options.askConfirmation ?? true;
  const { reminder, delivery } = await sentCallDelivery(workspaceId, contactId, { askConfirmation });
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  const rendered = renderMessage({
    deliveryId: delivery.id,
    channel: "call",
    to: contact.phone!,
    contactName: contact.name,
    message: reminder.message,
    senderName: "Ana Pérez",
    locale: contact.locale,
    unsubscribeToken: contact.unsubscribeToken,
    askConfirmation,
    workspaceId,
  });
  if (rendered.channel !== "call") throw new Error("Not a call");
  // Kept by the call channel itself, as the engine's send keeps it without Twilio settings.
  const sent = await twilioCallChannel.send(rendered);
  if (!sent.outbox) throw new Error("The call was not kept in the dev outbox");
  const sid = sent.providerMessageId;
  await db.update(deliveries).set({ providerMessageId: sid }).where(eq(deliveries.id, delivery.id));
  await placedCall(delivery, sid);
  const messageId = Number(sid.replace("outbox-", ""));
  const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  return { reminder, delivery, message, callSid: sid };
}

/** Another call placed for a delivery (as a retry after no answer places one): its row. */
export async function placedCall(
  delivery: { id: number; occurrenceAt: Date; workspaceId: string },
  sid = callSid(),
  createdAt?: Date,
): Promise<string> {
  await db.insert(deliveryCalls).values({
    callSid: sid,
    deliveryId: delivery.id,
    deliveryOccurrenceAt: delivery.occurrenceAt,
    workspaceId: delivery.workspaceId,
    status: "in-progress",
    answeredBy: "human",
    answeredAt: createdAt ?? new Date(),
    ...(createdAt ? { createdAt } : {}),
  });
  return sid;
}

/** The keypad's POST as Twilio sends it to the Gather action of delivery `deliveryId`. */
export function gatherParams(sid: string, digits: string, to: string): Record<string, string> {
  return {
    CallSid: sid,
    AccountSid: TEST_ACCOUNT_SID,
    From: CALLER_ID,
    To: to,
    Called: to,
    Caller: CALLER_ID,
    Digits: digits,
    FinishedOnKey: "",
    CallStatus: "in-progress",
    Direction: "outbound-api",
    ApiVersion: "2010-04-01",
  };
}

/** A signed keypad request for `callRoute`: its path (with `?d=`), method, body and headers. */
export function signedGather(deliveryId: number | string, params: Record<string, string>) {
  const path = `${CALL_WEBHOOK_PATHS.gather}?d=${deliveryId}`;
  return { path, method: "POST", ...signedWebhook(`http://localhost:3000${path}`, params) };
}
