import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { contactDates, deliveries, reminders } from "@/db/schema";
import { REMINDERS_PER_CALL } from "@/config/plans";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { loopbackPeers } from "@/tests/support/peers";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";
import { createGroupReminder, memberDeliveries } from "@/tests/support/group-fixtures";

const peers = loopbackPeers();

let phones = 0;
/** A fresh number per case (the cases of this file share the database and the sinks). */
const phone = () => `+1212557${String(1000 + phones++).padStart(4, "0")}`;
const email = () => `cp-${randomBytes(4).toString("hex")}@example.org`;
const consent = { whatsappConsentAt: new Date("2031-01-01T00:00:00Z"), whatsappConsentSource: "website" };

const stepsOf = (reminderId: string) =>
  db
    .select()
    .from(deliveries)
    .where(eq(deliveries.reminderId, reminderId))
    .orderBy(asc(deliveries.fallbackStep));
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const used = async (workspaceId: string) => (await reloadWorkspace(workspaceId)).remindersUsedCurrentPeriod;
const mailsTo = (address: string) => peers.smtp.messages.filter((m) => m.to.includes(address));
const textsTo = (number: string) =>
  peers.twilio.messages.filter((m) => m.to.replace(/^whatsapp:/, "") === number);

/** Batches at `at` until one leases nothing (a fallback step made by a batch goes in the next). */
async function drain(at: Date) {
  for (let i = 0; i < 10; i++) {
    const { leased } = await runBatch({ workerId: "preferences-test", clock: () => at });
    if (leased === 0) return;
  }
  throw new Error("the engine did not settle");
}

describe("a contact who stopped everything or paused", () => {
  it("stopped: nothing is sent on any step, the step is skipped as contact_stopped, nothing charged", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const address = email();
    const number = phone();
    const contact = await createContact(user.id, {
      email: address,
      phone: number,
      timezone: "UTC",
      stoppedAt: new Date("2031-12-01T00:00:00Z"),
    });
    const due = new Date("2032-04-01T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, {
      deliveryMethod: "sms",
      fallbackChannels: ["email"],
      fallbackWaitMinutes: [0],
    });
    await drain(due);
    const steps = await stepsOf(reminder.id);
    // A stop holds on every channel: the chain does not go on to the e-mail.
    expect(steps.map((s) => [s.fallbackStep, s.channel, s.status, s.errorCode])).toEqual([
      [0, "sms", "failed", "contact_stopped"],
    ]);
    expect(steps[0].error).toBe("Not sent: the contact asked to receive nothing more from this sender");
    expect(textsTo(number)).toHaveLength(0);
    expect(mailsTo(address)).toHaveLength(0);
    expect(await used(user.id)).toBe(0);
    expect((await reminderOf(reminder.id)).status).toBe("failed");
  });

  it("a lead reminder goes to the lead person whatever the contact chose", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const contact = await createContact(user.id, {
      timezone: "UTC",
      stoppedAt: new Date("2031-12-01T00:00:00Z"),
      acceptedChannels: ["sms"],
      pausedUntil: "2040-01-01",
    });
    const [birthday] = await db
      .insert(contactDates)
      .values({ workspaceId: user.id, contactId: contact.id, kind: "birthday", month: 4, day: 9 })
      .returning();
    const due = new Date("2032-04-02T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, {
      recipient: "owner",
      contactDateId: birthday.id,
      leadDays: 7,
    });
    await drain(due);
    expect((await stepsOf(reminder.id)).map((s) => [s.channel, s.status])).toEqual([["email", "sent"]]);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("paused: an occurrence before the pause's end, in the contact's zone, is skipped (not held); one on that day goes", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const address = email();
    // 2032-04-04T12:00Z is already April 5th in Auckland (UTC+12): the pause to the 5th is over there.
    const contact = await createContact(user.id, {
      email: address,
      timezone: "Pacific/Auckland",
      pausedUntil: "2032-04-05",
    });
    const skipped = await createReminder(user.id, contact.id, new Date("2032-04-03T12:00:00Z"));
    const sent = await createReminder(user.id, contact.id, new Date("2032-04-04T12:00:00Z"));
    await drain(new Date("2032-04-03T12:00:00Z"));
    const [paused] = await stepsOf(skipped.id);
    expect([paused.status, paused.errorCode, paused.nextAttemptAt]).toEqual([
      "failed",
      "contact_paused",
      null,
    ]);
    expect(paused.error).toBe("Not sent: the contact paused messages until 2032-04-05");
    expect(mailsTo(address)).toHaveLength(0);
    expect(await used(user.id)).toBe(0);
    // The pause ending releases no backlog: the skipped occurrence stays skipped.
    await drain(new Date("2032-04-04T12:00:00Z"));
    expect((await stepsOf(skipped.id)).map((s) => s.status)).toEqual(["failed"]);
    expect((await stepsOf(sent.id)).map((s) => [s.status, s.errorCode])).toEqual([["sent", null]]);
    expect(mailsTo(address)).toHaveLength(1);
    expect(await used(user.id)).toBe(1);
  });
});

describe("the contact's hours", () => {
  it("an e-mail is held until the window opens in the contact's zone, then sent", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const address = email();
    const contact = await createContact(user.id, {
      email: address,
      timezone: "Europe/Madrid",
      windowStart: 9 * 60,
      windowEnd: 17 * 60,
    });
    // 05:00Z is 07:00 in Madrid (summer time): held to 09:00 there, 07:00Z.
    const due = new Date("2032-06-01T05:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due);
    await drain(due);
    const [held] = await stepsOf(reminder.id);
    expect([held.status, held.errorCode, held.nextAttemptAt?.toISOString()]).toEqual([
      "held",
      "contact_window",
      "2032-06-01T07:00:00.000Z",
    ]);
    expect(mailsTo(address)).toHaveLength(0);
    expect(await used(user.id)).toBe(0);
    await drain(new Date("2032-06-01T07:00:00Z"));
    const [sent] = await stepsOf(reminder.id);
    expect([sent.status, sent.errorCode]).toEqual(["sent", null]);
    expect(mailsTo(address)).toHaveLength(1);
    expect(await used(user.id)).toBe(1);
  });

  it("a window from 02:30 on the night Madrid skips 02:00-03:00 opens at 03:00, the moment of the change", async () => {
    const user = await createSender();
    const address = email();
    const contact = await createContact(user.id, {
      email: address,
      timezone: "Europe/Madrid",
      windowStart: 2 * 60 + 30,
      windowEnd: 3 * 60 + 15,
    });
    // 2032-03-28: clocks go from 02:00 CET to 03:00 CEST at 01:00Z. 00:30Z is 01:30 CET.
    const due = new Date("2032-03-28T00:30:00Z");
    const reminder = await createReminder(user.id, contact.id, due);
    await drain(due);
    const [held] = await stepsOf(reminder.id);
    // 03:00 CEST: within 02:30-03:15 on the local clock (03:30, a gap later, would not be).
    expect([held.status, held.nextAttemptAt?.toISOString()]).toEqual(["held", "2032-03-28T01:00:00.000Z"]);
    await drain(new Date("2032-03-28T01:00:00Z"));
    expect((await stepsOf(reminder.id)).map((s) => s.status)).toEqual(["sent"]);
    expect(mailsTo(address)).toHaveLength(1);
  });

  it("for an SMS both hold: the later of the contact's window and quiet hours wins", async () => {
    const user = await createSender();
    const early = phone();
    const late = phone();
    // 06:00-10:00: at 07:00 quiet hours still hold the SMS, to 08:00.
    const morning = await createContact(user.id, {
      phone: early,
      email: null,
      timezone: "UTC",
      windowStart: 6 * 60,
      windowEnd: 10 * 60,
    });
    // 19:00-23:00: at 18:00 the window holds it to 19:00; at 20:30 to the next day's 19:00.
    const evening = await createContact(user.id, {
      phone: late,
      email: null,
      timezone: "UTC",
      windowStart: 19 * 60,
      windowEnd: 23 * 60,
    });
    const a = await createReminder(user.id, morning.id, new Date("2032-06-02T07:00:00Z"), {
      deliveryMethod: "sms",
    });
    const b = await createReminder(user.id, evening.id, new Date("2032-06-02T18:00:00Z"), {
      deliveryMethod: "sms",
    });
    const c = await createReminder(user.id, evening.id, new Date("2032-06-02T20:30:00Z"), {
      deliveryMethod: "sms",
    });
    const waits = async (id: string) => {
      const [row] = await stepsOf(id);
      return [row.status, row.errorCode, row.nextAttemptAt?.toISOString()];
    };
    await drain(new Date("2032-06-02T07:00:00Z"));
    expect(await waits(a.id)).toEqual(["held", "contact_window", "2032-06-02T08:00:00.000Z"]);
    await drain(new Date("2032-06-02T08:00:00Z"));
    expect((await stepsOf(a.id)).map((s) => s.status)).toEqual(["sent"]);
    expect(textsTo(early)).toHaveLength(1);
    await drain(new Date("2032-06-02T18:00:00Z"));
    expect(await waits(b.id)).toEqual(["held", "contact_window", "2032-06-02T19:00:00.000Z"]);
    // Released at 19:00 the SMS of 18:00 goes, within both.
    await drain(new Date("2032-06-02T19:00:00Z"));
    expect((await stepsOf(b.id)).map((s) => s.status)).toEqual(["sent"]);
    expect(textsTo(late)).toHaveLength(1);
    await drain(new Date("2032-06-02T20:30:00Z"));
    expect(await waits(c.id)).toEqual(["held", "contact_window", "2032-06-03T19:00:00.000Z"]);
  });
});

describe("the channels the contact accepts", () => {
  it("an SMS reminder goes by WhatsApp when the contact chose it (their opt-in recorded)", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const number = phone();
    const contact = await createContact(user.id, {
      phone: number,
      timezone: "UTC",
      acceptedChannels: ["whatsapp", "email"],
      ...consent,
    });
    const due = new Date("2032-05-01T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    await drain(due);
    const [step] = await stepsOf(reminder.id);
    expect([step.channel, step.requestedChannel, step.status]).toEqual(["whatsapp", "sms", "sent"]);
    const texts = textsTo(number);
    expect(texts.map((m) => m.to)).toEqual([`whatsapp:${number}`]);
    expect(await used(user.id)).toBe(1);
  });

  it("their order decides between accepted channels, but a call never replaces a channel they accept", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0, planType: "professional" });
    const number = phone();
    const prefersWhatsApp = await createContact(user.id, {
      phone: number,
      timezone: "UTC",
      acceptedChannels: ["whatsapp", "sms"],
      ...consent,
    });
    const due = new Date("2032-05-01T13:00:00Z");
    const byOrder = await createReminder(user.id, prefersWhatsApp.id, due, { deliveryMethod: "sms" });
    const calling = phone();
    const prefersCalls = await createContact(user.id, {
      phone: calling,
      timezone: "UTC",
      acceptedChannels: ["call", "sms"],
    });
    const notCalled = await createReminder(user.id, prefersCalls.id, due, { deliveryMethod: "sms" });
    await drain(due);
    const [switched] = await stepsOf(byOrder.id);
    expect([switched.channel, switched.requestedChannel]).toEqual(["whatsapp", "sms"]);
    const [kept] = await stepsOf(notCalled.id);
    expect([kept.channel, kept.requestedChannel, kept.status]).toEqual(["sms", null, "sent"]);
  });

  it("WhatsApp accepted without its opt-in recorded: the next accepted channel (e-mail) goes, in the contact's language", async () => {
    const user = await createSender();
    const number = phone();
    const address = email();
    const contact = await createContact(user.id, {
      phone: number,
      email: address,
      timezone: "UTC",
      locale: "es",
      acceptedChannels: ["whatsapp", "email"],
    });
    const due = new Date("2032-05-02T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    await drain(due);
    const [step] = await stepsOf(reminder.id);
    expect([step.channel, step.requestedChannel, step.status]).toEqual(["email", "sms", "sent"]);
    expect(textsTo(number)).toHaveLength(0);
    const mails = mailsTo(address);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers.get("subject")).toBe("Un recordatorio de Ana Pérez");
  });

  it("no accepted channel can be used: not sent, contact_refused_channel naming what they accept, nothing charged", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const number = phone();
    const contact = await createContact(user.id, {
      phone: number,
      email: null,
      timezone: "UTC",
      acceptedChannels: ["whatsapp", "email"],
    });
    const due = new Date("2032-05-03T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    await drain(due);
    const [step] = await stepsOf(reminder.id);
    expect([step.channel, step.requestedChannel, step.status, step.errorCode]).toEqual([
      "sms",
      null,
      "failed",
      "contact_refused_channel",
    ]);
    expect(step.error).toBe("Not sent by SMS: the contact accepts only WhatsApp and email from this sender");
    expect(textsTo(number)).toHaveLength(0);
    expect(await used(user.id)).toBe(0);
  });

  it("usage is charged for the channel used: a call reminder sent by SMS takes one reminder, not a call's", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0, planType: "business" });
    const number = phone();
    const contact = await createContact(user.id, {
      phone: number,
      timezone: "UTC",
      acceptedChannels: ["sms"],
    });
    const due = new Date("2032-05-04T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "call" });
    await drain(due);
    const [step] = await stepsOf(reminder.id);
    expect([step.channel, step.requestedChannel, step.status]).toEqual(["sms", "call", "sent"]);
    expect(textsTo(number)).toHaveLength(1);
    expect(await used(user.id)).toBe(1);
    expect(REMINDERS_PER_CALL).toBeGreaterThan(1);
  });

  it("a fallback step the contact refuses is skipped, not sent, not charged; the chain goes on to one they accept", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const number = phone();
    const address = email();
    const contact = await createContact(user.id, {
      phone: number,
      email: address,
      timezone: "UTC",
      acceptedChannels: ["email"],
    });
    const due = new Date("2032-05-05T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, {
      deliveryMethod: "sms",
      fallbackChannels: ["email"],
      fallbackWaitMinutes: [0],
    });
    await drain(due);
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.fallbackStep, s.channel, s.requestedChannel, s.status, s.errorCode])).toEqual([
      [0, "sms", null, "failed", "contact_refused_channel"],
      [1, "email", null, "sent", null],
    ]);
    expect(textsTo(number)).toHaveLength(0);
    expect(mailsTo(address)).toHaveLength(1);
    expect(await used(user.id)).toBe(1);
    expect((await reminderOf(reminder.id)).status).toBe("sent");
  });

  it("a chain none of whose channels the contact accepts goes by their channel on its first step", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const number = phone();
    const address = email();
    const contact = await createContact(user.id, {
      phone: number,
      email: address,
      timezone: "UTC",
      acceptedChannels: ["email"],
    });
    const due = new Date("2032-05-06T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, {
      deliveryMethod: "sms",
      fallbackChannels: ["whatsapp"],
      fallbackWaitMinutes: [0],
    });
    await drain(due);
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.fallbackStep, s.channel, s.requestedChannel, s.status])).toEqual([
      [0, "email", "sms", "sent"],
    ]);
    expect(mailsTo(address)).toHaveLength(1);
    expect(await used(user.id)).toBe(1);
  });

  it("group members: each member's choices apply to their own delivery", async () => {
    const user = await createSender({ remindersUsedCurrentPeriod: 0 });
    const plain = await createContact(user.id, { phone: phone(), email: email(), timezone: "UTC" });
    const byEmail = await createContact(user.id, {
      phone: phone(),
      email: email(),
      timezone: "UTC",
      acceptedChannels: ["email"],
    });
    const stopped = await createContact(user.id, {
      phone: phone(),
      email: email(),
      timezone: "UTC",
      stoppedAt: new Date("2031-12-01T00:00:00Z"),
    });
    const due = new Date("2032-05-07T12:00:00Z");
    const { reminder, members } = await createGroupReminder(
      user.id,
      [plain.id, byEmail.id, stopped.id],
      due,
      { deliveryMethod: "sms" },
    );
    await drain(due);
    const contactOf = new Map(members.map((m) => [m.id, m.contactId]));
    const outcome = new Map(
      (await memberDeliveries(reminder.id)).map((d) => [
        contactOf.get(d.reminderId),
        [d.channel, d.requestedChannel, d.status, d.errorCode],
      ]),
    );
    expect(outcome.get(plain.id)).toEqual(["sms", null, "sent", null]);
    expect(outcome.get(byEmail.id)).toEqual(["email", "sms", "sent", null]);
    expect(outcome.get(stopped.id)).toEqual(["sms", null, "failed", "contact_stopped"]);
    expect(textsTo(plain.phone!)).toHaveLength(1);
    expect(textsTo(byEmail.phone!)).toHaveLength(0);
    expect(mailsTo(byEmail.email!)).toHaveLength(1);
    expect(textsTo(stopped.phone!)).toHaveLength(0);
    expect(await used(user.id)).toBe(2);
  });
});
