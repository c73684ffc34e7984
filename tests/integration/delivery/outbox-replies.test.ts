import { afterEach, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { contacts, deliveries, outboxMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { sendOccurrenceNow } from "@/lib/delivery/send-occurrence-now";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { replyFromOutbox } from "@/lib/channels/reply-from-outbox";
import { setOutboxSettings } from "@/lib/outbox/outbox-enabled";
import { POST as outboxReply } from "@/app/dev/outbox/reply/route";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from "@/tests/support/twilio-sink";

// Without a Twilio account (development), replies to SMS and WhatsApp reminders are typed at
// /dev/outbox and take the provider's own path: a signed POST to the inbound webhook.

const SENDER = "+15555550100";
const DUE = new Date("2031-05-05T12:00:00Z");
let phones = 0;
const phone = () => `+1212555${String(8000 + phones++).padStart(4, "0")}`;

afterEach(() => {
  setOutboxSettings(undefined);
  setTwilioConfig(undefined);
});

/** A reminder to a fresh number, sent by the engine into the outbox; its outbox message and delivery. */
async function sentToOutbox(channel: "sms" | "whatsapp", askConfirmation = true) {
  const user = await createSender();
  const number = phone();
  const contact = await createContact(user.id, {
    phone: number,
    timezone: "UTC",
    locale: "en",
    whatsappConsentAt: new Date("2031-01-01T00:00:00Z"),
    whatsappConsentSource: "in_person",
  });
  const reminder = await createReminder(user.id, contact.id, DUE, {
    deliveryMethod: channel,
    askConfirmation,
  });
  await sendOccurrenceNow({ workerId: "w", clock: () => DUE, reminderId: reminder.id, workspaceId: user.id });
  const address = channel === "whatsapp" ? `whatsapp:${number}` : number;
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, address))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
  return { message, delivery, contact, address };
}

const reply = (messageId: number, body: string) =>
  callRoute<{ status: number; answers: string[] }>(outboxReply, "/dev/outbox/reply", {
    method: "POST",
    body: { messageId, body },
  });
const deliveryOf = async (id: number) => (await db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
const contactOf = async (id: string) => (await db.select().from(contacts).where(eq(contacts.id, id)))[0];
const answersTo = (address: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.to, address),
        eq(outboxMessages.from, address.startsWith("whatsapp:") ? `whatsapp:${SENDER}` : SENDER),
      ),
    )
    .orderBy(outboxMessages.id);

describe("replies typed at the dev outbox", () => {
  it("YES, NO and LATER answer a reminder asking for confirmation, as a reply from the phone would", async () => {
    const yes = await sentToOutbox("sms");
    // The SMS in the outbox carries the ask and comes from the stand-in's number.
    expect(yes.message).toMatchObject({ channel: "sms", from: SENDER });
    expect(yes.message.text).toContain("Reply YES to confirm, NO to cancel, LATER for 1 hour.");
    expect(yes.delivery.confirmation).toBe("awaiting");

    const confirmed = await reply(yes.message.id, "YES");
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ status: 200, answers: ["Thank you, confirmed."] });
    expect((await deliveryOf(yes.delivery.id)).confirmation).toBe("confirmed");
    // The answer is in the outbox, sent back to the phone from our number.
    expect((await answersTo(yes.address)).map((m) => m.text)).toEqual([
      yes.message.text,
      "Thank you, confirmed.",
    ]);

    const no = await sentToOutbox("sms");
    expect((await reply(no.message.id, "no")).json.answers).toEqual(["Noted: cancelled."]);
    expect((await deliveryOf(no.delivery.id)).confirmation).toBe("declined");

    const later = await sentToOutbox("sms");
    expect((await reply(later.message.id, "LATER")).json.answers).toEqual([
      "OK, we will remind you again in 1 hour.",
    ]);
    expect((await deliveryOf(later.delivery.id)).confirmation).toBe("snoozed");
  });

  it("STOP, START and HELP act as Twilio's keywords do, on SMS and on WhatsApp", async () => {
    const sms = await sentToOutbox("sms", false);
    const stop = await reply(sms.message.id, "STOP");
    // On SMS, Twilio itself confirms an opt-out: the app answers nothing.
    expect(stop.json).toEqual({ status: 200, answers: [] });
    expect(await contactOf(sms.contact.id)).toMatchObject({ smsOptOut: true, whatsappOptOut: false });
    await reply(sms.message.id, "START");
    expect((await contactOf(sms.contact.id)).smsOptOut).toBe(false);
    const help = await reply(sms.message.id, "HELP");
    expect(help.json.answers).toHaveLength(1);
    expect(help.json.answers[0]).toMatch(/STOP/);

    const whatsapp = await sentToOutbox("whatsapp", false);
    expect(whatsapp.message).toMatchObject({ channel: "whatsapp", from: `whatsapp:${SENDER}` });
    const waStop = await reply(whatsapp.message.id, "STOP");
    expect(waStop.json.answers).toHaveLength(1);
    expect(await contactOf(whatsapp.contact.id)).toMatchObject({ whatsappOptOut: true, smsOptOut: false });
    expect((await answersTo(whatsapp.address)).at(-1)?.text).toBe(waStop.json.answers[0]);
  });

  it("goes through the webhook's signature check: a forged reply is refused, an e-mail cannot be answered", async () => {
    const sms = await sentToOutbox("sms", false);
    const forged = await callRoute(inbound, "/api/webhooks/twilio/inbound", {
      method: "POST",
      body: new URLSearchParams({ From: sms.address, To: SENDER, Body: "STOP" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
    });
    expect(forged.status).toBe(403);
    expect((await contactOf(sms.contact.id)).smsOptOut).toBe(false);

    const [mail] = await db
      .insert(outboxMessages)
      .values({ channel: "email", to: "ben@example.org", text: "Hello" })
      .returning();
    expect((await reply(mail.id, "YES")).status).toBe(400);
    expect((await reply(999_999_999, "YES")).status).toBe(404);
  });

  it("exists only with the outbox's stand-in: a 404 in production, where its signature opens nothing", async () => {
    const sms = await sentToOutbox("sms", false);
    // The very request a reply sends, kept to replay once this is a production server.
    let signed: Request | undefined;
    await replyFromOutbox(sms.message.id, "STOP", async (request) => {
      signed = request.clone();
      return inbound(new NextRequest(request), { params: Promise.resolve({}) });
    });
    expect((await contactOf(sms.contact.id)).smsOptOut).toBe(true);
    await db.update(contacts).set({ smsOptOut: false }).where(eq(contacts.id, sms.contact.id));

    setOutboxSettings({ nodeEnv: "production", devOutbox: false, appUrl: "https://remindful.example" });
    expect((await reply(sms.message.id, "STOP")).status).toBe(404);
    const replayed = await inbound(new NextRequest(signed!), { params: Promise.resolve({}) });
    expect(replayed.status).toBe(403);
    expect((await contactOf(sms.contact.id)).smsOptOut).toBe(false);

    // With a real Twilio account, replies come from Twilio.
    setOutboxSettings(undefined);
    setTwilioConfig({
      accountSid: TEST_ACCOUNT_SID,
      authToken: TEST_AUTH_TOKEN,
      smsFrom: "+15005550006",
      whatsappTemplates: {},
      smsMps: 1,
      whatsappMps: 1,
      validityPeriod: 14_400,
      timeoutMs: 1_000,
      apiBase: "http://127.0.0.1:9",
    });
    expect((await reply(sms.message.id, "STOP")).status).toBe(409);
  });
});
