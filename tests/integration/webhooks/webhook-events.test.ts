import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { eq } from "drizzle-orm";
import { webhookEndpoints, webhookMessages } from "@/db/schema";
import type { WebhookEventType } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { sendOccurrenceNow } from "@/lib/delivery/send-occurrence-now";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { createWebhookEndpoint } from "@/lib/webhooks/create-webhook-endpoint";
import { dispatchWebhooks } from "@/lib/webhooks/dispatch-webhooks";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { POST as createReminderRoute } from "@/app/api/reminders/route";
import { GET as listDeliveriesV1 } from "@/app/api/v1/deliveries/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { callV1 } from "@/tests/support/api-keys";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { loopbackPeers } from "@/tests/support/peers";
import { signedWebhook } from "@/tests/support/twilio-sink";
import { ownActor } from "@/tests/support/users";
import { createSignedInUser } from "@/tests/support/users";
import { startWebhookReceiver, type WebhookReceiver } from "@/tests/support/webhook-receiver";

const LOCAL = { allowPrivate: true };
const INBOUND_URL = "http://localhost:3000/api/webhooks/twilio/inbound";
const peers = loopbackPeers();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  await db.delete(webhookEndpoints);
  receiver.received.length = 0;
});

let phones = 0;
const phone = () => `+1212556${String(1000 + phones++).padStart(4, "0")}`;

async function subscribe(userId: string, events: WebhookEventType[]) {
  return createWebhookEndpoint(await ownActor(userId), { url: `${receiver.url}/events`, events }, LOCAL);
}

/** What the receiver got, each verified with the endpoint's secret. */
async function received(secret: string) {
  await dispatchWebhooks({ policy: LOCAL });
  return receiver.received.map(
    (r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> },
  );
}

async function reply(from: string, body: string) {
  const params = {
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    From: from,
    To: "+15005550006",
    Body: body,
  };
  const res = await callRoute(inbound, "/api/webhooks/twilio/inbound", {
    method: "POST",
    ...signedWebhook(INBOUND_URL, params),
  });
  expect(res.status).toBe(200);
}

describe("events from the domain paths", () => {
  it("a delivery sent by runBatch produces delivery.sent", async () => {
    const user = await createSender();
    const endpoint = await subscribe(user.id, ["delivery.sent", "delivery.failed"]);
    const contact = await createContact(user.id);
    const at = new Date("2031-03-03T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, at);
    await runBatch({ workerId: "hooks", clock: () => at });
    expect(peers.smtp.messages.some((m) => m.to.includes(contact.email!))).toBe(true);
    const events = await received(endpoint.secret);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "delivery.sent",
      timestamp: at.toISOString(),
      data: {
        reminderId: reminder.id,
        contactId: contact.id,
        channel: "email",
        occurrenceAt: at.toISOString(),
        sentAt: at.toISOString(),
        // The engine sent it: the workspace, and nobody acting.
        workspaceId: user.id,
        actor: null,
      },
    });
  });

  it("names a delivery by the id /api/v1/deliveries lists, a string in both", async () => {
    const user = await createSender();
    const endpoint = await subscribe(user.id, ["delivery.sent"]);
    const contact = await createContact(user.id);
    const at = new Date("2031-03-04T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, at);
    await runBatch({ workerId: "hooks", clock: () => at });
    const [event] = await received(endpoint.secret);
    const { key } = await createApiKey(await ownActor(user.id), { name: "read key", scope: "read" });
    const listed = await callV1<{ data: { id: unknown }[] }>(listDeliveriesV1, "/deliveries", key, {
      query: { reminderId: reminder.id },
    });
    expect(typeof event.data.deliveryId).toBe("string");
    expect(listed.json?.data.map((d) => d.id)).toEqual([event.data.deliveryId]);
  });

  it("a failed delivery produces delivery.failed", async () => {
    const user = await createSender();
    const endpoint = await subscribe(user.id, ["delivery.failed"]);
    // An SMS reminder to a contact without a phone fails for good.
    const contact = await createContact(user.id, { phone: null, smsOptOut: true });
    const at = new Date("2031-03-03T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, at, { deliveryMethod: "sms" });
    await runBatch({ workerId: "hooks", clock: () => at });
    const events = await received(endpoint.secret);
    expect(events).toMatchObject([
      { type: "delivery.failed", data: { reminderId: reminder.id, channel: "sms" } },
    ]);
  });

  it("a reply YES produces reply.confirmed; STOP and START produce contact.opted_out and opted_in", async () => {
    const user = await createSender();
    const endpoint = await subscribe(user.id, ["reply.confirmed", "contact.opted_out", "contact.opted_in"]);
    const number = phone();
    const contact = await createContact(user.id, { phone: number, timezone: "UTC" });
    const at = new Date("2031-05-05T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, at, {
      deliveryMethod: "sms",
      askConfirmation: true,
    });
    await sendOccurrenceNow({
      workerId: "w",
      clock: () => at,
      reminderId: reminder.id,
      workspaceId: user.id,
    });
    await reply(number, "YES");
    await reply(number, "STOP");
    await reply(number, "STOP");
    await reply(number, "START");
    const events = await received(endpoint.secret);
    expect(events.map((e) => e.type).sort()).toEqual([
      "contact.opted_in",
      "contact.opted_out",
      "reply.confirmed",
    ]);
    expect(events.find((e) => e.type === "reply.confirmed")).toMatchObject({
      data: {
        deliveryId: expect.any(String),
        reminderId: reminder.id,
        contactId: contact.id,
        channel: "sms",
      },
    });
    expect(events.find((e) => e.type === "contact.opted_out")).toMatchObject({
      data: { contactId: contact.id, channels: ["sms"] },
    });
  });

  it("Twilio's 21610 on a send (the number replied STOP to the sender before) produces contact.opted_out once", async () => {
    const user = await createSender();
    const endpoint = await subscribe(user.id, ["contact.opted_out"]);
    const contact = await createContact(user.id, { phone: phone(), timezone: "UTC" });
    peers.twilio.setMode({
      kind: "error",
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    try {
      for (const day of ["2031-06-01", "2031-06-02"]) {
        const at = new Date(`${day}T12:00:00Z`);
        await createReminder(user.id, contact.id, at, { deliveryMethod: "sms" });
        await runBatch({ workerId: "hooks", clock: () => at });
      }
    } finally {
      peers.twilio.setMode({ kind: "accept" });
    }
    const events = await received(endpoint.secret);
    expect(events).toMatchObject([
      { type: "contact.opted_out", data: { contactId: contact.id, channels: ["sms"] } },
    ]);
  });

  it("creating and cancelling a reminder produce reminder.created and reminder.cancelled", async () => {
    const { user, cookie } = await createSignedInUser();
    const endpoint = await subscribe(user.id, ["reminder.created", "reminder.cancelled"]);
    const contact = await createContact(user.id);
    const res = await callRoute<{ id: string }>(createReminderRoute, "/api/reminders", {
      method: "POST",
      cookie,
      body: {
        contactId: contact.id,
        type: "text",
        message: "Dentist",
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: "2031-06-01T10:00",
        askConfirmation: false,
      },
    });
    expect(res.status).toBe(201);
    await cancelReminder(await ownActor(user.id), res.json!.id);
    const events = await received(endpoint.secret);
    // Each names its workspace and the person who acted.
    const actor = { id: user.id, email: user.email, apiKeyId: null };
    expect(events).toMatchObject([
      {
        type: "reminder.created",
        data: { reminderId: res.json!.id, contactId: contact.id, workspaceId: user.id, actor },
      },
      { type: "reminder.cancelled", data: { reminderId: res.json!.id, workspaceId: user.id, actor } },
    ]);
    const stored = await db.select().from(webhookMessages).where(eq(webhookMessages.workspaceId, user.id));
    expect(stored.every((m) => m.status === "delivered")).toBe(true);
  });
});
