import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { POST as status } from "@/app/api/webhooks/twilio/status/route";
import { callRoute } from "@/tests/support/call-route";
import {
  signedWebhook,
  startTwilioSink,
  statusCallbackFor,
  useTwilioSink,
  type TwilioSink,
} from "@/tests/support/twilio-sink";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { createSignedInUser } from "@/tests/support/users";
import { POST as createContactRoute } from "@/app/api/contacts/route";
import { smsWithPreferences } from "@/tests/support/preferences-line";

let sink: TwilioSink;

beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});

afterAll(async () => {
  await sink.close();
});

const at = (iso: string) => () => new Date(iso);
const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";
const STATUS_URL = "http://localhost:3000/api/webhooks/twilio/status";

async function deliveryOf(reminderId: string) {
  return (await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)))[0];
}

describe("SMS and WhatsApp through Twilio's Messages API", () => {
  it("holds an SMS due in the recipient's quiet hours and sends it at 08:00 their time", async () => {
    const user = await createSender({ timezone: "Europe/Paris" });
    // The contact's zone wins over the sender's: 21:30 in New York is quiet time.
    const contact = await createContact(user.id, {
      email: null,
      phone: "+12125550101",
      timezone: "America/New_York",
    });
    const due = new Date("2031-07-01T01:30:00Z"); // 21:30 EDT on 30 June
    const reminder = await createReminder(user.id, contact.id, due, {
      deliveryMethod: "sms",
      message: "Pills",
    });

    await runBatch({ workerId: "w", clock: at("2031-07-01T01:30:01Z") });
    let row = await deliveryOf(reminder.id);
    expect(row.status).toBe("held");
    expect(row.nextAttemptAt?.toISOString()).toBe("2031-07-01T12:00:00.000Z"); // 08:00 EDT
    expect(sink.messages.filter((m) => m.to === "+12125550101")).toHaveLength(0);
    expect((await db.select().from(reminders).where(eq(reminders.id, reminder.id)))[0].status).toBe(
      "scheduled",
    );

    await runBatch({ workerId: "w", clock: at("2031-07-01T11:59:59Z") });
    expect((await deliveryOf(reminder.id)).status).toBe("held");

    await runBatch({ workerId: "w", clock: at("2031-07-01T12:00:00Z") });
    row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    const [sms] = sink.messages.filter((m) => m.to === "+12125550101");
    expect(sms.body).toBe(
      smsWithPreferences("Remindful, from Ana Pérez: Pills\nReply STOP to opt out.", "en", row.id),
    );
    expect(sms.from).toBe("+15005550006");
    expect(sms.statusCallback).toBe(`${STATUS_URL}?d=delivery-${row.id}`);
    expect(sms.validityPeriod).toBe("14400");
    expect(row.providerMessageId).toBe(sms.sid);
    expect((await db.select().from(reminders).where(eq(reminders.id, reminder.id)))[0].status).toBe("sent");
  });

  it("writes the STOP line in the contact's language and keeps quiet hours by the phone's country", async () => {
    // The sender's screen is in English and they live in New York; Luc has a French number
    // and no zone of his own, so his clock is Paris's.
    const { user, cookie } = await createSignedInUser({
      timezone: "America/New_York",
      locale: "en",
      remindersQuota: 1000,
    });
    const created = await callRoute(createContactRoute, "/api/contacts", {
      method: "POST",
      cookie,
      body: { name: "Luc", phone: "+33 6 12 34 50 01", locale: "fr" },
    });
    expect(created.json).toMatchObject({ timezone: null, locale: "fr" });
    const due = new Date("2031-07-03T19:30:00Z"); // 21:30 in Paris, 15:30 in New York
    const reminder = await createReminder(user.id, String(created.json.id), due, {
      deliveryMethod: "sms",
      message: "Rendez-vous",
    });
    await runBatch({ workerId: "w", clock: at("2031-07-03T19:30:01Z") });
    const held = await deliveryOf(reminder.id);
    expect(held.status).toBe("held");
    expect(held.nextAttemptAt?.toISOString()).toBe("2031-07-04T06:00:00.000Z"); // 08:00 in Paris

    await runBatch({ workerId: "w", clock: at("2031-07-04T06:00:00Z") });
    const sent = await deliveryOf(reminder.id);
    expect(sent.status).toBe("sent");
    const [sms] = sink.messages.filter((m) => m.to === "+33612345001");
    expect(sms.body).toBe(
      smsWithPreferences(
        "Remindful, envoyé par Test User : Rendez-vous\nRépondez STOP pour vous désabonner.",
        "fr",
        sent.id,
      ),
    );
  });

  it("sends WhatsApp to whatsapp: addresses", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, {
      phone: "+34600000001",
      whatsappConsentAt: new Date("2031-01-01T00:00:00Z"),
      whatsappConsentSource: "in_person",
    });
    const due = new Date("2031-07-02T10:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "whatsapp" });
    await runBatch({ workerId: "w", clock: at("2031-07-02T10:00:00Z") });
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
    const sms = sink.messages.find((m) => m.to === "whatsapp:+34600000001");
    expect(sms?.from).toBe("whatsapp:+14155238886");
  });

  it("STOPALL by a signed inbound webhook opts the contact out of SMS and WhatsApp, UNSTOP opts back in; a bad signature is 403", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550102" });
    const stop = signedWebhook(INBOUND_URL, { From: "+12125550102", Body: " stopall ", MessageSid: "SM1" });

    const forged = await callRoute(inbound, "/api/webhooks/twilio/inbound", {
      method: "POST",
      body: stop.body,
      headers: {
        ...stop.headers,
        "x-twilio-signature": "AAAA" + stop.headers["x-twilio-signature"].slice(4),
      },
    });
    expect(forged.status).toBe(403);
    expect((await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].smsOptOut).toBe(false);

    const ok = await callRoute(inbound, "/api/webhooks/twilio/inbound", {
      method: "POST",
      body: stop.body,
      headers: stop.headers,
    });
    expect(ok.status).toBe(200);
    let row = (await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0];
    expect(row.smsOptOut).toBe(true);
    expect(row.whatsappOptOut).toBe(true);

    // A send to the opted-out contact is not attempted and fails with a clear reason.
    const due = new Date("2031-07-03T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    const before = sink.requests();
    await runBatch({ workerId: "w", clock: at("2031-07-03T15:00:00Z") });
    const failed = await deliveryOf(reminder.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("The contact has opted out of SMS messages");
    expect(sink.requests()).toBe(before);
    const after = (await db.select().from(reminders).where(eq(reminders.id, reminder.id)))[0];
    expect(after.status).toBe("failed");
    expect(after.lastError).toBe("The contact has opted out of SMS messages");

    // Opt-in applies to the channel it came in on.
    for (const from of ["whatsapp:+12125550102", "+12125550102"]) {
      const start = signedWebhook(INBOUND_URL, { From: from, Body: "UNSTOP" });
      await callRoute(inbound, "/api/webhooks/twilio/inbound", {
        method: "POST",
        body: start.body,
        headers: start.headers,
      });
      row = (await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0];
      expect(row.whatsappOptOut).toBe(false);
      expect(row.smsOptOut).toBe(from.startsWith("whatsapp:"));
    }
  });

  it("records delivered and undelivered status callbacks with the provider's error code", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550103" });
    const a = await createReminder(user.id, contact.id, new Date("2031-07-04T15:00:00Z"), {
      deliveryMethod: "sms",
    });
    const b = await createReminder(user.id, contact.id, new Date("2031-07-04T15:00:00Z"), {
      deliveryMethod: "sms",
    });
    await runBatch({ workerId: "w", clock: at("2031-07-04T15:00:00Z") });
    const da = await deliveryOf(a.id);
    const db_ = await deliveryOf(b.id);

    const bad = signedWebhook(
      STATUS_URL,
      { MessageSid: da.providerMessageId!, MessageStatus: "delivered" },
      "wrong-token",
    );
    expect(
      (
        await callRoute(status, "/api/webhooks/twilio/status", {
          method: "POST",
          body: bad.body,
          headers: bad.headers,
        })
      ).status,
    ).toBe(403);
    expect((await deliveryOf(a.id)).status).toBe("sent");

    const { path: deliveredPath, ...delivered } = statusCallbackFor(sink, {
      MessageSid: da.providerMessageId!,
      MessageStatus: "delivered",
    });
    expect((await callRoute(status, deliveredPath, delivered)).status).toBe(204);
    const nowDelivered = await deliveryOf(a.id);
    expect(nowDelivered.status).toBe("delivered");
    expect(nowDelivered.deliveredAt).not.toBeNull();

    const { path: undeliveredPath, ...undelivered } = statusCallbackFor(sink, {
      MessageSid: db_.providerMessageId!,
      MessageStatus: "undelivered",
      ErrorCode: "30003",
    });
    await callRoute(status, undeliveredPath, undelivered);
    const lost = await deliveryOf(b.id);
    expect(lost.status).toBe("failed");
    expect(lost.errorCode).toBe("30003");
    expect(lost.error).toContain("30003");
    expect((await db.select().from(reminders).where(eq(reminders.id, b.id)))[0].lastError).toContain(
      "undelivered",
    );
  });
});
