import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveries, reminders, users } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { retryReminder } from "@/lib/delivery/retry-reminder";
import { BACKOFF_BASE_MS, MAX_ATTEMPTS } from "@/lib/delivery/constants";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/tests/helpers/smtp-sink";
import { startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/helpers/twilio-sink";
import { createContact, createReminder, createSender } from "@/tests/helpers/delivery-fixtures";

let twilio: TwilioSink;
let smtp: SmtpSink;

beforeAll(async () => {
  twilio = await startTwilioSink();
  useTwilioSink(twilio);
  smtp = await startSmtpSink();
  setSmtpUrl(smtp.url);
});

afterAll(async () => {
  closeMail();
  await smtp.close();
  await twilio.close();
});

const ms = (base: Date, plus: number) => () => new Date(base.getTime() + plus);
const deliveryOf = async (id: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.reminderId, id)))[0];
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const userOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];

describe("failures", () => {
  it("retries a transient error (HTTP 503) with exponential backoff, then succeeds", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550201" });
    const due = new Date("2032-01-05T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });

    twilio.setMode({ kind: "error", status: 503, code: 20503, message: "Service unavailable" });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    let row = await deliveryOf(reminder.id);
    expect(row.status).toBe("queued");
    expect(row.nextAttemptAt?.getTime()).toBe(due.getTime() + BACKOFF_BASE_MS);
    expect(row.error).toBe("Service unavailable");

    await runBatch({ workerId: "w", clock: ms(due, BACKOFF_BASE_MS) });
    row = await deliveryOf(reminder.id);
    expect(row.nextAttemptAt?.getTime()).toBe(due.getTime() + 3 * BACKOFF_BASE_MS); // 5 s then 10 s

    twilio.setMode({ kind: "accept" });
    await runBatch({ workerId: "w", clock: ms(due, 3 * BACKOFF_BASE_MS) });
    row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    expect(row.attemptCount).toBe(3);
    expect(row.error).toBeNull();
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    expect((await userOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
  });

  it("gives up after the attempt limit and refunds the reserved usage", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550202" });
    const due = new Date("2032-01-06T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    twilio.setMode({ kind: "error", status: 429, code: 20429, message: "Too Many Requests" });
    let t = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runBatch({ workerId: "w", clock: ms(due, t) });
      t += BACKOFF_BASE_MS * 2 ** (attempt - 1);
    }
    twilio.setMode({ kind: "accept" });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.attemptCount).toBe(MAX_ATTEMPTS);
    expect((await userOf(user.id)).remindersUsedCurrentPeriod).toBe(0);
  });

  it("fails a permanent error (invalid number) at once with the provider's message; Retry re-queues it", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550203" });
    const due = new Date("2032-01-07T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    const message = "The 'To' number +12125550203 is not a valid phone number.";
    twilio.setMode({ kind: "error", status: 400, code: 21211, message });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    twilio.setMode({ kind: "accept" });

    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.attemptCount).toBe(1);
    expect(row.errorCode).toBe("21211");
    const failed = await reminderOf(reminder.id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toBe(message);
    expect((await userOf(user.id)).remindersUsedCurrentPeriod).toBe(0);

    const other = await createSender();
    await expect(retryReminder({ userId: other.id, reminderId: reminder.id })).rejects.toMatchObject({
      status: 404,
    });
    expect(await retryReminder({ userId: user.id, reminderId: reminder.id })).toEqual({ success: true });
    expect((await reminderOf(reminder.id)).status).toBe("scheduled");
    await runBatch({ workerId: "w", clock: ms(due, 10_000) }); // daytime for the recipient
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    expect((await userOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
    // Nothing left to retry.
    expect((await retryReminder({ userId: user.id, reminderId: reminder.id })).success).toBe(false);
  });

  it("treats an SMTP 550 as permanent and an SMTP 451 as transient", async () => {
    const user = await createSender();
    const c1 = await createContact(user.id, { email: "bounce@example.org" });
    const c2 = await createContact(user.id, { email: "greylist@example.org" });
    const due = new Date("2032-01-08T15:00:00Z");
    const r1 = await createReminder(user.id, c1.id, due);
    smtp.setMode({ kind: "reject", code: 550, message: "Mailbox unavailable" });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    const d1 = await deliveryOf(r1.id);
    expect(d1.status).toBe("failed");
    expect(d1.errorCode).toBe("550");
    expect((await reminderOf(r1.id)).lastError).toContain("Mailbox unavailable");

    const r2 = await createReminder(user.id, c2.id, new Date(due.getTime() + 60_000));
    smtp.setMode({ kind: "reject", code: 451, message: "Try again later" });
    await runBatch({ workerId: "w", clock: ms(due, 60_000) });
    smtp.setMode({ kind: "accept" });
    expect((await deliveryOf(r2.id)).status).toBe("queued");
    await runBatch({ workerId: "w", clock: ms(due, 60_000 + BACKOFF_BASE_MS) });
    expect((await deliveryOf(r2.id)).status).toBe("sent");
  });
});
