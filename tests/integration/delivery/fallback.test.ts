import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { deliveries, reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { POST as inbound } from "@/app/api/webhooks/twilio/inbound/route";
import { POST as status } from "@/app/api/webhooks/twilio/status/route";
import { callRoute } from "@/tests/support/call-route";
import { loopbackPeers } from "@/tests/support/peers";
import { signedWebhook, statusCallbackFor } from "@/tests/support/twilio-sink";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";

const peers = loopbackPeers();

const MINUTE = 60_000;
let phones = 0;
/** A fresh number per case (contacts of one file share the database and the sink). */
const phone = () => `+1212556${String(1000 + phones++).padStart(4, "0")}`;
const email = () => `fb-${randomBytes(4).toString("hex")}@example.org`;
const at =
  (base: Date, plusMs = 0) =>
  () =>
    new Date(base.getTime() + plusMs);

const stepsOf = (reminderId: string) =>
  db
    .select()
    .from(deliveries)
    .where(eq(deliveries.reminderId, reminderId))
    .orderBy(asc(deliveries.fallbackStep));
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const workspaceOf = (id: string) => reloadWorkspace(id);
const mailsTo = (address: string) => peers.smtp.messages.filter((m) => m.to.includes(address));
const textsTo = (number: string) =>
  peers.twilio.messages.filter((m) => m.to.replace(/^whatsapp:/, "") === number);

/** Batches at `clock` until one leases nothing (a fallback step made by a batch goes in the next). */
async function drain(clock: () => Date) {
  for (let i = 0; i < 10; i++) {
    const { leased } = await runBatch({ workerId: "fallback-test", clock });
    if (leased === 0) return;
  }
  throw new Error("the engine did not settle");
}

/** A one-time reminder with a chain: `channels[0]` its method, the rest its fallback steps. */
async function chained(
  userId: string,
  contactId: string,
  due: Date,
  channels: ("email" | "sms" | "whatsapp" | "call")[],
  waits: number[] = channels.slice(1).map(() => 0),
  overrides: Partial<typeof reminders.$inferInsert> = {},
) {
  return createReminder(userId, contactId, due, {
    deliveryMethod: channels[0],
    fallbackChannels: channels.slice(1),
    fallbackWaitMinutes: waits,
    ...overrides,
  });
}

async function inboundReply(from: string, body: string) {
  const to = from.startsWith("whatsapp:") ? "whatsapp:+14155238886" : "+15005550006";
  const params = { MessageSid: `SM${randomBytes(16).toString("hex")}`, From: from, To: to, Body: body };
  const hook = signedWebhook("http://localhost:3000/api/webhooks/twilio/inbound", params);
  const res = await callRoute(inbound, "/api/webhooks/twilio/inbound", { method: "POST", ...hook });
  expect(res.status).toBe(200);
}

describe("fallback on a failure for good: the next channel is sent once, each step charged only when sent", () => {
  it("no phone number: SMS fails before sending, the e-mail goes; the reminder ends sent", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const address = email();
    const contact = await createContact(user.id, { email: address, phone: null, timezone: "UTC" });
    const due = new Date("2032-03-01T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    await drain(at(due));
    await drain(at(due, 1_000));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.fallbackStep, s.channel, s.status, s.errorCode])).toEqual([
      [0, "sms", "failed", "no_phone"],
      [1, "email", "sent", null],
    ]);
    expect(steps[1].occurrenceAt.getTime()).toBe(due.getTime());
    expect(mailsTo(address)).toHaveLength(1);
    const after = await reminderOf(reminder.id);
    expect(after.status).toBe("sent");
    expect(after.lastError).toBeNull();
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
  });

  it("opted out of SMS: the e-mail goes instead", async () => {
    const user = await createSender();
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, {
      email: address,
      phone: number,
      smsOptOut: true,
      timezone: "UTC",
    });
    const due = new Date("2032-03-02T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    await drain(at(due));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["sms", "failed", "opted_out"],
      ["email", "sent", null],
    ]);
    expect(textsTo(number)).toHaveLength(0);
    expect(mailsTo(address)).toHaveLength(1);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
  });

  it("no WhatsApp consent: the SMS goes, and the e-mail after it is never tried", async () => {
    const user = await createSender();
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, { email: address, phone: number, timezone: "UTC" });
    const due = new Date("2032-03-03T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["whatsapp", "sms", "email"]);
    await drain(at(due));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["whatsapp", "failed", "no_consent"],
      ["sms", "sent", null],
    ]);
    expect(textsTo(number)).toHaveLength(1);
    expect(mailsTo(address)).toHaveLength(0);
  });

  it("a provider refusal (invalid number): SMS reserved then refunded, the e-mail charged; pay-as-you-go pays one cent", async () => {
    const user = await createSender({ planType: "payg", paygCreditBalance: 10, remindersQuota: 0 });
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, { email: address, phone: number, timezone: "UTC" });
    const due = new Date("2032-03-04T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    peers.twilio.setMode({ kind: "error", status: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    try {
      await drain(at(due));
    } finally {
      peers.twilio.setMode({ kind: "accept" });
    }
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["sms", "failed", "21211"],
      ["email", "sent", null],
    ]);
    expect(mailsTo(address)).toHaveLength(1);
    expect((await workspaceOf(user.id)).paygCreditBalance).toBe(9);
    expect((await reminderOf(reminder.id)).status).toBe("sent");
  });

  it("a failed status callback after the SMS was sent: the e-mail goes, once, however often Twilio repeats it", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, { email: address, phone: number, timezone: "UTC" });
    const due = new Date("2032-03-05T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    await drain(at(due));
    const [sms] = await stepsOf(reminder.id);
    expect(sms.status).toBe("sent");
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    const params = { MessageSid: sms.providerMessageId!, MessageStatus: "undelivered", ErrorCode: "30003" };
    for (let i = 0; i < 3; i++) {
      const { path, ...request } = statusCallbackFor(peers.twilio, params);
      expect((await callRoute(status, path, request)).status).toBe(204);
    }
    await drain(at(due, MINUTE));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["sms", "failed", "30003"],
      ["email", "sent", null],
    ]);
    expect(mailsTo(address)).toHaveLength(1);
    const after = await reminderOf(reminder.id);
    // The chain got through: the reminder is not failed.
    expect(after.status).toBe("sent");
    // The undelivered SMS was refunded, the e-mail charged.
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
  });

  it("every step failing ends the chain: the reminder fails with the last step's reason", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const contact = await createContact(user.id, {
      email: null,
      phone: phone(),
      smsOptOut: true,
      timezone: "UTC",
    });
    const due = new Date("2032-03-06T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    await drain(at(due));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["sms", "failed", "opted_out"],
      ["email", "failed", "no_email"],
    ]);
    const after = await reminderOf(reminder.id);
    expect(after.status).toBe("failed");
    expect(after.lastError).toBe(steps[1].error);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(0);
  });

  it("a usage refusal does not fall back: the next channel would be refused alike", async () => {
    const user = await createSender({ planType: "payg", paygCreditBalance: 0, remindersQuota: 0 });
    const address = email();
    const contact = await createContact(user.id, { email: address, phone: phone(), timezone: "UTC" });
    const due = new Date("2032-03-07T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    await drain(at(due));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([["sms", "failed", "no_credit"]]);
    expect((await reminderOf(reminder.id)).status).toBe("failed");
  });
});

describe("fallback when no confirmation comes", () => {
  it("after the wait, the step that waits is sent, skipping the failure-only step between", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, { email: address, phone: number, timezone: "UTC" });
    const due = new Date("2032-04-01T12:00:00Z");
    // SMS asking YES/NO; WhatsApp only if the SMS fails; e-mail if nobody confirms within an hour.
    const reminder = await chained(user.id, contact.id, due, ["sms", "whatsapp", "email"], [0, 60], {
      askConfirmation: true,
    });
    await drain(at(due));
    let steps = await stepsOf(reminder.id);
    expect(steps).toHaveLength(1);
    expect(steps[0].confirmation).toBe("awaiting");
    expect(steps[0].fallbackDueAt?.getTime()).toBe(due.getTime() + 60 * MINUTE);

    await drain(at(due, 59 * MINUTE));
    expect(await stepsOf(reminder.id)).toHaveLength(1);
    expect(mailsTo(address)).toHaveLength(0);

    await drain(at(due, 60 * MINUTE + 1_000));
    await drain(at(due, 61 * MINUTE));
    steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.fallbackStep, s.channel, s.status])).toEqual([
      [0, "sms", "sent"],
      [2, "email", "sent"],
    ]);
    expect(steps[0].fallbackDueAt).toBeNull();
    expect(mailsTo(address)).toHaveLength(1);
    expect(textsTo(number)).toHaveLength(1);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(2);
    expect((await reminderOf(reminder.id)).status).toBe("sent");
  });

  it("a confirmation before the wait ends stops the chain: nothing more is sent", async () => {
    const user = await createSender();
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, { email: address, phone: number, timezone: "UTC" });
    const due = new Date("2032-04-02T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"], [30], {
      askConfirmation: true,
    });
    await drain(at(due));
    await inboundReply(number, "YES");
    expect((await stepsOf(reminder.id))[0].confirmation).toBe("confirmed");
    await drain(at(due, 31 * MINUTE));
    await drain(at(due, 2 * 60 * MINUTE));
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status])).toEqual([["sms", "sent"]]);
    expect(steps[0].fallbackDueAt).toBeNull();
    expect(mailsTo(address)).toHaveLength(0);
  });

  it("LATER is an answer: its resend asks again, and no fallback step follows it", async () => {
    const user = await createSender();
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, { email: address, phone: number, timezone: "UTC" });
    const due = new Date("2032-04-04T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"], [30], {
      askConfirmation: true,
    });
    await drain(at(due));
    await inboundReply(number, "LATER");
    // The resend (due an hour after the reply) goes, asking again; nobody answers it.
    await drain(at(due, 10 * MINUTE));
    await drain(at(due, 2 * 60 * MINUTE));
    const rows = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(rows.map((r) => [r.channel, r.status, r.confirmation]).sort()).toEqual([
      ["sms", "sent", "awaiting"],
      ["sms", "sent", "snoozed"],
    ]);
    expect(mailsTo(address)).toHaveLength(0);
    expect(textsTo(number)).toHaveLength(2);
  });

  it("a confirmation settles a later step already waiting (held for quiet hours): it is never sent", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const number = phone();
    const contact = await createContact(user.id, {
      phone: number,
      timezone: "UTC",
      whatsappConsentAt: new Date("2031-01-01T00:00:00Z"),
      whatsappConsentSource: "in_person",
    });
    // WhatsApp at 19:30 asking for a confirmation; SMS if none within an hour: 20:30 is quiet.
    const due = new Date("2032-04-03T19:30:00Z");
    const reminder = await chained(user.id, contact.id, due, ["whatsapp", "sms"], [60], {
      askConfirmation: true,
    });
    await drain(at(due));
    await drain(at(due, 61 * MINUTE));
    let steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status])).toEqual([
      ["whatsapp", "sent"],
      ["sms", "held"],
    ]);
    await inboundReply(`whatsapp:${number}`, "YES");
    await drain(at(due, 62 * MINUTE));
    steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["whatsapp", "sent", null],
      ["sms", "failed", "answered_earlier"],
    ]);
    expect(steps[0].confirmation).toBe("confirmed");
    expect(textsTo(number).filter((m) => !m.to.startsWith("whatsapp:"))).toHaveLength(0);
    // Only the WhatsApp message was charged; the reminder got through.
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
    expect((await reminderOf(reminder.id)).status).toBe("sent");
  });
});

describe("delivery events of a chain", () => {
  it("carry the step (fallbackStep); a failed step's event comes before the next step's", async () => {
    const user = await createSender();
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example/fallback",
      events: ["delivery.sent", "delivery.failed"],
      secret: "whsec_test",
    });
    const contact = await createContact(user.id, { email: email(), phone: null, timezone: "UTC" });
    const due = new Date("2032-05-01T12:00:00Z");
    const reminder = await chained(user.id, contact.id, due, ["sms", "email"]);
    await drain(at(due));
    const events = await db
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.workspaceId, user.id))
      .orderBy(asc(webhookMessages.id));
    const data = events.map((e) => [e.type, (e.payload as { data: Record<string, unknown> }).data]);
    expect(
      data.map(([type, d]) => [
        type,
        (d as Record<string, unknown>).channel,
        (d as Record<string, unknown>).fallbackStep,
      ]),
    ).toEqual([
      ["delivery.failed", "sms", 0],
      ["delivery.sent", "email", 1],
    ]);
    for (const [, d] of data) {
      expect((d as Record<string, unknown>).reminderId).toBe(reminder.id);
      expect(d).not.toHaveProperty("groupReminderId");
    }
  });
});
