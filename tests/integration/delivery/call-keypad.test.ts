import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { contacts, deliveries, deliveryReplies, webhookEndpoints, webhookMessages } from "@/db/schema";
import type { WebhookEventType } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { sendOccurrenceNow } from "@/lib/delivery/send-occurrence-now";
import { POST as gather } from "@/app/api/webhooks/twilio/voice/gather/route";
import { GET as historyRoute } from "@/app/api/reminders/[id]/deliveries/route";
import { callRoute } from "@/tests/support/call-route";
import { callSid, gatherParams, placedCall, sentCall, signedGather } from "@/tests/support/call-deliveries";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from "@/tests/support/twilio-sink";
import { createSignedInUser } from "@/tests/support/users";

// A key pressed after a reminder call's message reaches the Gather action, signed by Twilio.
// The calls are written as the engine records a placed call (a 'sent' call delivery and its
// delivery_calls row), so only the keypad is exercised here.

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const VOICE = {
  en: 'voice="Polly.Joanna-Neural" language="en-US"',
  es: 'voice="Polly.Lucia-Neural" language="es-ES"',
  fr: 'voice="Polly.Lea-Neural" language="fr-FR"',
} as const;
const sayAndHangUp = (locale: keyof typeof VOICE, text: string) =>
  `${HEAD}<Response><Say ${VOICE[locale]}>${text}</Say><Hangup/></Response>`;
const HANG_UP = `${HEAD}<Response><Hangup/></Response>`;
const twimlUrl = (id: number) => `http://localhost:3000/api/webhooks/twilio/voice?d=${id}`;

beforeAll(() => {
  setTwilioConfig({
    accountSid: TEST_ACCOUNT_SID,
    authToken: TEST_AUTH_TOKEN,
    smsFrom: "+15005550006",
    whatsappTemplates: {},
    smsMps: 100,
    whatsappMps: 10,
    validityPeriod: 14_400,
    timeoutMs: 1_000,
    apiBase: "http://127.0.0.1:9",
  });
});
afterAll(() => setTwilioConfig(undefined));

let phones = 0;
const phone = () => `+1212557${String(1000 + phones++).padStart(4, "0")}`;

/** A user with a contact at a fresh number and a call to it in progress. */
async function callInProgress(
  options: { askConfirmation?: boolean; locale?: "en" | "es" | "fr" | null; userId?: string } = {},
) {
  const userId = options.userId ?? (await createSender()).id;
  const number = phone();
  const contact = await createContact(userId, {
    phone: number,
    timezone: "UTC",
    locale: options.locale === undefined ? "en" : options.locale,
  });
  const call = await sentCall(userId, contact.id, { askConfirmation: options.askConfirmation });
  return { userId, contact, number, ...call };
}

/** Posts a keypad request (signedGather's) to the route handler. */
const post = (request: { path: string; method: string; body: string; headers: Record<string, string> }) =>
  callRoute(gather, request.path, request);

async function press(deliveryId: number, sid: string, digits: string, to: string) {
  const params = gatherParams(sid, digits, to);
  const res = await post(signedGather(deliveryId, params));
  return { ...res, params };
}

/** The same request again, byte for byte (Twilio retrying, or someone replaying it). */
const replay = (deliveryId: number, params: Record<string, string>) => post(signedGather(deliveryId, params));

const deliveriesOf = (reminderId: string) =>
  db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)).orderBy(deliveries.id);
const repliesOf = (deliveryId: number) =>
  db
    .select()
    .from(deliveryReplies)
    .where(eq(deliveryReplies.deliveryId, deliveryId))
    .orderBy(deliveryReplies.id);
const contactOf = async (id: string) => (await db.select().from(contacts).where(eq(contacts.id, id)))[0];

/** An enabled webhook endpoint of the user, so events land in webhook_messages. */
async function subscribe(userId: string, events: WebhookEventType[]) {
  await db.insert(webhookEndpoints).values({
    workspaceId: userId,
    url: "https://hooks.example.org/remindful",
    events,
    secret: `whsec_${randomBytes(24).toString("base64")}`,
  });
}
const eventsOf = (userId: string) =>
  db
    .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
    .from(webhookMessages)
    .where(eq(webhookMessages.workspaceId, userId))
    .orderBy(webhookMessages.id);

describe("keys pressed during a reminder call", () => {
  it("1 confirms: the call says so and hangs up, the reply is in the History and the reply.confirmed event is written", async () => {
    const { user, cookie } = await createSignedInUser();
    await subscribe(user.id, ["reply.confirmed"]);
    const call = await callInProgress({ userId: user.id });
    const res = await press(call.delivery.id, call.callSid, "1", call.number);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/xml");
    expect(res.text).toBe(sayAndHangUp("en", "Thank you, confirmed. Goodbye."));
    const [delivery] = await deliveriesOf(call.reminder.id);
    expect(delivery.confirmation).toBe("confirmed");
    expect(delivery.confirmationAt).not.toBeNull();
    const replies = await repliesOf(call.delivery.id);
    expect(replies.map((r) => [r.channel, r.body, r.action, r.providerMessageId])).toEqual([
      ["call", "1", "confirm", `${call.callSid}:1`],
    ]);
    const history = await callRoute<Record<string, unknown>[]>(
      historyRoute,
      `/api/reminders/${call.reminder.id}/deliveries`,
      { cookie, params: { id: call.reminder.id } },
    );
    expect(history.status).toBe(200);
    expect(history.json).toHaveLength(1);
    expect(history.json[0]).toMatchObject({
      channel: "call",
      confirmation: "confirmed",
      replies: [{ channel: "call", body: "1", action: "confirm" }],
    });
    const events = await eventsOf(user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "reply.confirmed",
      payload: {
        data: {
          deliveryId: String(call.delivery.id),
          reminderId: call.reminder.id,
          contactId: call.contact.id,
          channel: "call",
        },
      },
    });
  });

  it("answers in the recipient's language: the contact's, else the owner's", async () => {
    const es = await callInProgress({ locale: "es" });
    expect((await press(es.delivery.id, es.callSid, "2", es.number)).text).toBe(
      sayAndHangUp("es", "Entendido: cancelado. Adiós."),
    );
    const owner = await createSender({ locale: "fr" });
    const fr = await callInProgress({ locale: null, userId: owner.id });
    expect((await press(fr.delivery.id, fr.callSid, "1", fr.number)).text).toBe(
      sayAndHangUp("fr", "Merci, c&#39;est confirmé. Au revoir."),
    );
  });

  it("2 declines", async () => {
    const call = await callInProgress();
    const res = await press(call.delivery.id, call.callSid, "2", call.number);
    expect(res.text).toBe(sayAndHangUp("en", "Noted: cancelled. Goodbye."));
    expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual(["declined"]);
    expect((await repliesOf(call.delivery.id)).map((r) => r.action)).toEqual(["decline"]);
  });

  it("3 calls again in an hour, once: one new call delivery; a second 3 says it will not call again", async () => {
    const { id: userId } = await createSender();
    await subscribe(userId, ["reply.snoozed"]);
    const call = await callInProgress({ userId });
    const res = await press(call.delivery.id, call.callSid, "3", call.number);
    expect(res.text).toBe(sayAndHangUp("en", "We will call you again in one hour. Goodbye."));
    const [original, resend] = await deliveriesOf(call.reminder.id);
    expect(original.confirmation).toBe("snoozed");
    const [reply] = await repliesOf(call.delivery.id);
    expect(resend).toMatchObject({
      channel: "call",
      status: "queued",
      snoozedFromId: original.id,
      contactId: call.contact.id,
    });
    expect(resend.nextAttemptAt?.getTime()).toBe(reply.receivedAt.getTime() + 3_600_000);
    expect(resend.occurrenceAt.getTime()).toBe(reply.receivedAt.getTime() + 3_600_000);

    // The same press again (Twilio retrying): the same answer, nothing more.
    expect((await replay(call.delivery.id, res.params)).text).toBe(res.text);
    // 3 on another call of the same delivery: one call back per ask.
    const second = await placedCall(call.delivery);
    expect((await press(call.delivery.id, second, "3", call.number)).text).toBe(
      sayAndHangUp("en", "You will not be called again for this message. Goodbye."),
    );
    expect(await deliveriesOf(call.reminder.id)).toHaveLength(2);
    expect((await eventsOf(userId)).map((e) => e.type)).toEqual(["reply.snoozed"]);

    // 1 before the call back leaves confirms and cancels it.
    const third = await placedCall(call.delivery);
    await press(call.delivery.id, third, "1", call.number);
    expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual(["confirmed"]);
  });

  it("9 stops this user's calls to the number: all their contacts with it, not another user's; the next call is refused", async () => {
    const { id: userId } = await createSender();
    await subscribe(userId, ["contact.opted_out"]);
    const call = await callInProgress({ userId });
    const twin = await createContact(userId, { name: "Ben (work)", phone: call.number, timezone: "UTC" });
    const elsewhere = await createContact(userId, { name: "Carla", phone: phone(), timezone: "UTC" });
    const stranger = await createSender();
    const theirs = await createContact(stranger.id, { phone: call.number, timezone: "UTC" });

    const res = await press(call.delivery.id, call.callSid, "9", call.number);
    expect(res.text).toBe(sayAndHangUp("en", "You will receive no more calls from Ana Pérez. Goodbye."));
    expect((await contactOf(call.contact.id)).callOptOut).toBe(true);
    expect((await contactOf(twin.id)).callOptOut).toBe(true);
    expect((await contactOf(elsewhere.id)).callOptOut).toBe(false);
    expect((await contactOf(theirs.id)).callOptOut).toBe(false);
    // Only calls: SMS and WhatsApp stay as they were.
    expect(await contactOf(call.contact.id)).toMatchObject({ smsOptOut: false, whatsappOptOut: false });
    expect((await repliesOf(call.delivery.id)).map((r) => [r.body, r.action])).toEqual([["9", "opt_out"]]);
    // The confirmation ask is left as it was.
    expect((await deliveriesOf(call.reminder.id))[0].confirmation).toBe("awaiting");
    const events = await eventsOf(userId);
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        // The recipient acted, not a member: no actor.
        expect.objectContaining({
          data: { contactId: call.contact.id, channels: ["call"], workspaceId: userId, actor: null },
        }),
        expect.objectContaining({
          data: { contactId: twin.id, channels: ["call"], workspaceId: userId, actor: null },
        }),
      ]),
    );
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.type === "contact.opted_out")).toBe(true);

    // A replayed 9 writes no second event.
    await replay(call.delivery.id, res.params);
    expect(await eventsOf(userId)).toHaveLength(2);

    // The next call to that contact is not placed.
    const at = new Date("2031-05-05T12:00:00Z");
    const next = await createReminder(userId, call.contact.id, at, { deliveryMethod: "call" });
    await sendOccurrenceNow({ workerId: "w", clock: () => at, reminderId: next.id, workspaceId: userId });
    expect((await deliveriesOf(next.id)).map((d) => [d.status, d.errorCode])).toEqual([
      ["failed", "opted_out"],
    ]);
  });

  it("0 hears the message again; another key says it does nothing and plays it again; neither is recorded", async () => {
    const call = await callInProgress();
    const repeat = await press(call.delivery.id, call.callSid, "0", call.number);
    expect(repeat.text).toBe(
      `${HEAD}<Response><Redirect method="POST">${twimlUrl(call.delivery.id)}</Redirect></Response>`,
    );
    for (const key of ["5", "*", "#", "12"]) {
      const res = await press(call.delivery.id, call.callSid, key, call.number);
      expect(res.text).toBe(
        `${HEAD}<Response><Say ${VOICE.en}>Sorry, that key does nothing here.</Say>` +
          `<Redirect method="POST">${twimlUrl(call.delivery.id)}</Redirect></Response>`,
      );
    }
    expect(await repliesOf(call.delivery.id)).toHaveLength(0);
    expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual(["awaiting"]);
  });

  it("a call that asked for nothing does not offer 1, 2 or 3: each says it does nothing and plays the message again; none is kept", async () => {
    const call = await callInProgress({ askConfirmation: false });
    for (const key of ["1", "2", "3"]) {
      const res = await press(call.delivery.id, call.callSid, key, call.number);
      expect(res.text).toBe(
        `${HEAD}<Response><Say ${VOICE.en}>Sorry, that key does nothing here.</Say>` +
          `<Redirect method="POST">${twimlUrl(call.delivery.id)}</Redirect></Response>`,
      );
    }
    expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual([null]);
    // Nothing for the History to word as "Pressed 1 (no action)", and no call back.
    expect(await repliesOf(call.delivery.id)).toHaveLength(0);
    expect(await deliveriesOf(call.reminder.id)).toHaveLength(1);
    // 9 is offered on every call.
    expect((await press(call.delivery.id, call.callSid, "9", call.number)).text).toBe(
      sayAndHangUp("en", "You will receive no more calls from Ana Pérez. Goodbye."),
    );
  });

  it("an unsigned or forged press is refused (403) and changes nothing", async () => {
    const call = await callInProgress();
    const params = gatherParams(call.callSid, "1", call.number);
    const signed = signedGather(call.delivery.id, params);
    const unsigned = await post({
      ...signed,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(unsigned.status).toBe(403);
    const forged = await post({ ...signed, headers: { ...signed.headers, "x-twilio-signature": "forged" } });
    expect(forged.status).toBe(403);
    // Signed for another delivery's URL: the signature covers ?d=.
    const moved = await post({ ...signed, path: signed.path.replace(/d=\d+/, "d=1") });
    expect(moved.status).toBe(403);
    expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual(["awaiting"]);
    expect(await repliesOf(call.delivery.id)).toHaveLength(0);
  });

  it("a replayed press changes nothing twice and gets its first answer", async () => {
    const { id: userId } = await createSender();
    await subscribe(userId, ["reply.confirmed", "reply.declined"]);
    const call = await callInProgress({ userId });
    const first = await press(call.delivery.id, call.callSid, "1", call.number);
    const again = await replay(call.delivery.id, first.params);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await repliesOf(call.delivery.id)).toHaveLength(1);
    expect(await eventsOf(userId)).toHaveLength(1);
    // The same call's 2 afterwards: the reminder was answered already.
    const other = await press(call.delivery.id, call.callSid, "2", call.number);
    expect(other.text).toBe(sayAndHangUp("en", "Goodbye."));
    expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual(["confirmed"]);
    expect((await repliesOf(call.delivery.id)).map((r) => r.action)).toEqual(["confirm", "none"]);
    expect(await eventsOf(userId)).toHaveLength(1);
  });

  it("a CallSid that is not this delivery's, another user's delivery, or an old call: the call ends, nothing changes", async () => {
    const mine = await callInProgress();
    const theirs = await callInProgress();
    const expectUntouched = async () => {
      for (const call of [mine, theirs]) {
        expect((await deliveriesOf(call.reminder.id)).map((d) => d.confirmation)).toEqual(["awaiting"]);
        expect(await repliesOf(call.delivery.id)).toHaveLength(0);
      }
    };
    // A call never placed, and another user's call pointed at my delivery (and the reverse).
    expect((await press(mine.delivery.id, callSid(), "1", mine.number)).text).toBe(HANG_UP);
    expect((await press(mine.delivery.id, theirs.callSid, "1", theirs.number)).text).toBe(HANG_UP);
    expect((await press(theirs.delivery.id, mine.callSid, "1", mine.number)).text).toBe(HANG_UP);
    // No delivery in the URL, or not a number.
    for (const d of ["", "abc", "0", "-1"]) {
      const params = gatherParams(mine.callSid, "1", mine.number);
      expect((await post(signedGather(d, params))).text).toBe(HANG_UP);
    }
    await expectUntouched();
    // A call placed more than a day ago.
    const user = await createSender();
    const contact = await createContact(user.id, { phone: phone(), timezone: "UTC" });
    const old = await sentCall(user.id, contact.id, {
      at: new Date(Date.now() - 25 * 3_600_000),
      callCreatedAt: new Date(Date.now() - 25 * 3_600_000),
    });
    expect((await press(old.delivery.id, old.callSid, "1", contact.phone!)).text).toBe(HANG_UP);
    expect(await repliesOf(old.delivery.id)).toHaveLength(0);
  });

  it("a signed request that is not a keypad answer is refused (400)", async () => {
    const call = await callInProgress();
    const { Digits: _digits, ...rest } = gatherParams(call.callSid, "1", call.number);
    for (const params of [
      { ...rest, CallSid: "not-a-call" },
      { ...rest, Digits: "1", To: "" },
      { ...rest, Digits: "x" },
    ]) {
      const res = await post(signedGather(call.delivery.id, params));
      expect(res.status).toBe(400);
    }
    expect(await repliesOf(call.delivery.id)).toHaveLength(0);
  });
});
