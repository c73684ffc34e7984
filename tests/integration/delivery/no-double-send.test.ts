import { reminderMessageId } from "@/lib/channels/email-channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";

let twilio: TwilioSink;
let smtp: SmtpSink;

beforeAll(async () => {
  twilio = await startTwilioSink();
  // Short timeouts so that an unanswered request becomes an ambiguous attempt quickly.
  useTwilioSink(twilio, 100, { timeoutMs: 500 });
  smtp = await startSmtpSink();
  setSmtpUrl(`${smtp.url}?socketTimeout=1000`);
});

afterAll(async () => {
  closeMail();
  await smtp.close();
  await twilio.close();
});

const deliveryOf = async (id: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.reminderId, id)))[0];
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const workspaceOf = (id: string) => reloadWorkspace(id);
const creates = () => twilio.messages.length;

// A zone where it is daytime now: no quiet hours. Times are real ones (the provider's list
// dates its messages by its own clock).
function daytimeZone(): string {
  const hour = new Date().getUTCHours();
  return hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
}

/** One SMS reminder due at `due`, for a daytime recipient. */
async function smsReminder(phone: string, due: Date) {
  const user = await createSender();
  const contact = await createContact(user.id, { phone, timezone: daytimeZone() });
  const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
  return { user, reminder };
}

describe("no double send after an unanswered attempt", () => {
  it("Twilio accepts, then never answers: the retry finds the message and sends nothing more", async () => {
    const due = new Date();
    const { user, reminder } = await smsReminder("+12125550401", due);
    twilio.setMode({ kind: "accept-hang" });
    await runBatch({ workerId: "w", clock: () => due });
    let row = await deliveryOf(reminder.id);
    expect(row.status).toBe("queued");
    expect(row.errorCode).toBe("network");
    const accepted = twilio.messages.filter((m) => m.to === "+12125550401");
    expect(accepted).toHaveLength(1);

    twilio.setMode({ kind: "accept" });
    await runBatch({ workerId: "w", clock: () => row.nextAttemptAt! });
    row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    expect(row.providerMessageId).toBe(accepted[0].sid);
    expect(row.attemptCount).toBe(2);
    expect(twilio.messages.filter((m) => m.to === "+12125550401")).toHaveLength(1);
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
    // The message carried its delivery in the status callback URL.
    expect(accepted[0].statusCallback).toContain(`?d=delivery-${row.id}`);
  });

  it("Twilio accepts, then answers 500: the retry finds the message instead of sending it again", async () => {
    const due = new Date();
    const { reminder } = await smsReminder("+12125550402", due);
    twilio.setMode({ kind: "accept-error", status: 500 });
    await runBatch({ workerId: "w", clock: () => due });
    twilio.setMode({ kind: "accept" });
    const queued = await deliveryOf(reminder.id);
    expect(queued.status).toBe("queued");
    await runBatch({ workerId: "w", clock: () => queued.nextAttemptAt! });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    const sent = twilio.messages.filter((m) => m.to === "+12125550402");
    expect(sent).toHaveLength(1);
    expect(row.providerMessageId).toBe(sent[0].sid);
  });

  it("Twilio never got it: the lookup finds nothing and the retry sends it, once", async () => {
    const due = new Date();
    const { reminder } = await smsReminder("+12125550403", due);
    twilio.setMode({ kind: "hang" });
    await runBatch({ workerId: "w", clock: () => due });
    twilio.setMode({ kind: "accept" });
    const queued = await deliveryOf(reminder.id);
    expect(twilio.messages.filter((m) => m.to === "+12125550403")).toHaveLength(0);
    const before = creates();
    await runBatch({ workerId: "w", clock: () => queued.nextAttemptAt! });
    expect(creates()).toBe(before + 1);
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    expect(twilio.messages.filter((m) => m.to === "+12125550403")).toHaveLength(1);
  });

  it("the same text already sent to that number by another delivery is not taken for this one", async () => {
    const due = new Date();
    const { user, reminder: first } = await smsReminder("+12125550404", due);
    await runBatch({ workerId: "w", clock: () => due });
    expect((await deliveryOf(first.id)).status).toBe("sent");
    // A second reminder with the same text to the same contact; its first attempt is lost.
    const [contactId] = (await db.select().from(reminders).where(eq(reminders.id, first.id))).map(
      (r) => r.contactId ?? "",
    );
    const second = await createReminder(user.id, contactId, due, { deliveryMethod: "sms" });
    twilio.setMode({ kind: "hang" });
    await runBatch({ workerId: "w", clock: () => due });
    twilio.setMode({ kind: "accept" });
    const queued = await deliveryOf(second.id);
    await runBatch({ workerId: "w", clock: () => queued.nextAttemptAt! });
    const row = await deliveryOf(second.id);
    expect(row.status).toBe("sent");
    expect(row.providerMessageId).not.toBe((await deliveryOf(first.id)).providerMessageId);
    expect(twilio.messages.filter((m) => m.to === "+12125550404")).toHaveLength(2);
  });

  it("SMTP accepts, then never answers: no lookup exists, so at most one copy per ambiguous attempt", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "ambiguous@example.org" });
    const due = new Date();
    const reminder = await createReminder(user.id, contact.id, due);
    smtp.setMode({ kind: "accept-hang" });
    await runBatch({ workerId: "w", clock: () => due });
    smtp.setMode({ kind: "accept" });
    const queued = await deliveryOf(reminder.id);
    expect(queued.status).toBe("queued");
    await runBatch({ workerId: "w", clock: () => queued.nextAttemptAt! });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    const ambiguousAttempts = row.attemptCount - 1;
    const copies = smtp.messages.filter((m) => m.to.includes("ambiguous@example.org"));
    expect(ambiguousAttempts).toBe(1);
    // The lost reply cannot be told from a lost message: the retry sends a second copy.
    expect(copies).toHaveLength(1 + ambiguousAttempts);
    // Both copies carry the delivery's one Message-ID, so mail software can tell them apart.
    expect(new Set(copies.map((m) => m.headers.get("message-id")))).toEqual(
      new Set([reminderMessageId(`delivery-${row.id}`)]),
    );
    expect(await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id))).toHaveLength(1);
  });
});
