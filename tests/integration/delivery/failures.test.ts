import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { listContacts } from "@/lib/contacts/list-contacts";
import { updateContact } from "@/lib/contacts/update-contact";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { retryReminder } from "@/lib/delivery/retry-reminder";
import { MAX_ATTEMPTS, RETRY_JITTER, RETRY_SCHEDULE_MS } from "@/lib/delivery/constants";
import { loopbackPeers } from "@/tests/support/peers";
import { ownActor } from "@/tests/support/users";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";

const peers = loopbackPeers();

const ms = (base: Date, plus: number) => () => new Date(base.getTime() + plus);
const deliveryOf = async (id: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.reminderId, id)))[0];
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const workspaceOf = (id: string) => reloadWorkspace(id);

describe("failures", () => {
  it("retries a transient error (HTTP 503) on the schedule (5 s, then 30 s, jittered), then succeeds", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550201" });
    const due = new Date("2032-01-05T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });

    peers.twilio.setMode({ kind: "error", status: 503, code: 20503, message: "Service unavailable" });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    let row = await deliveryOf(reminder.id);
    expect(row.status).toBe("queued");
    const first = row.nextAttemptAt!.getTime() - due.getTime();
    expect(first).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[0]);
    expect(first).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[0] * (1 + RETRY_JITTER));
    expect(row.error).toBe("Service unavailable");

    await runBatch({ workerId: "w", clock: ms(due, first) });
    row = await deliveryOf(reminder.id);
    const second = row.nextAttemptAt!.getTime() - due.getTime() - first;
    expect(second).toBeGreaterThanOrEqual(RETRY_SCHEDULE_MS[1]);
    expect(second).toBeLessThanOrEqual(RETRY_SCHEDULE_MS[1] * (1 + RETRY_JITTER));

    peers.twilio.setMode({ kind: "accept" });
    await runBatch({ workerId: "w", clock: ms(due, first + second) });
    row = await deliveryOf(reminder.id);
    expect(row.status).toBe("sent");
    expect(row.attemptCount).toBe(3);
    expect(row.error).toBeNull();
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
  });

  it("gives up on a transient error after the schedule (hours, not seconds) and refunds the usage", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550202", timezone: "America/Chicago" });
    const due = new Date("2032-01-06T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    peers.twilio.setMode({ kind: "error", status: 503, code: 20503, message: "Service unavailable" });
    let at = due;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runBatch({ workerId: "w", clock: () => at });
      const row = await deliveryOf(reminder.id);
      if (attempt < MAX_ATTEMPTS) {
        expect(row.status).toBe("queued");
        at = row.nextAttemptAt!;
      }
    }
    peers.twilio.setMode({ kind: "accept" });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.attemptCount).toBe(MAX_ATTEMPTS);
    // The last attempt came more than 7 hours after the first.
    expect(at.getTime() - due.getTime()).toBeGreaterThan(7 * 3_600_000);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(0);
  });

  it("429 and queue-full answers slow down without failing; only a day of them fails the occurrence", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550204" });
    const due = new Date("2032-01-09T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    let at = due;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 3; attempt++) {
      peers.twilio.setMode(
        attempt % 2
          ? { kind: "error", status: 429, code: 20429, message: "Too Many Requests" }
          : {
              kind: "error",
              status: 400,
              code: 21611,
              message: "This 'From' number has exceeded the maximum number of queued messages",
            },
      );
      await runBatch({ workerId: "w", clock: () => at });
      const row = await deliveryOf(reminder.id);
      expect(row.status).toBe("queued");
      const wait = row.nextAttemptAt!.getTime() - at.getTime();
      // Retry-After (the sink says 1 s) or a minute for a full queue, never less.
      expect(wait).toBeGreaterThanOrEqual(attempt % 2 ? 1_000 : 60_000);
      at = row.nextAttemptAt!;
    }
    expect((await deliveryOf(reminder.id)).slowedCount).toBe(MAX_ATTEMPTS + 3);
    // A day later the provider still refuses: the occurrence fails with a reason, usage refunded.
    await runBatch({ workerId: "w", clock: () => new Date(due.getTime() + 25 * 3_600_000) });
    peers.twilio.setMode({ kind: "accept" });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe("rate_limited");
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(0);
  });

  it("fails a permanent error (invalid number) at once with the provider's message; Retry re-queues it", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550203" });
    const due = new Date("2032-01-07T15:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    const message = "The 'To' number +12125550203 is not a valid phone number.";
    peers.twilio.setMode({ kind: "error", status: 400, code: 21211, message });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    peers.twilio.setMode({ kind: "accept" });

    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.attemptCount).toBe(1);
    expect(row.errorCode).toBe("21211");
    const failed = await reminderOf(reminder.id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toBe(message);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(0);

    const other = await createSender();
    await expect(retryReminder({ workspaceId: other.id, reminderId: reminder.id })).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await retryReminder({ workspaceId: user.id, reminderId: reminder.id })).toEqual({ success: true });
    expect((await reminderOf(reminder.id)).status).toBe("scheduled");
    await runBatch({ workerId: "w", clock: ms(due, 10_000) }); // daytime for the recipient
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
    // Nothing left to retry.
    expect((await retryReminder({ workspaceId: user.id, reminderId: reminder.id })).success).toBe(false);
  });

  it("treats an SMTP 550 as permanent and an SMTP 451 as transient", async () => {
    const user = await createSender();
    const c1 = await createContact(user.id, { email: "bounce@example.org" });
    const c2 = await createContact(user.id, { email: "greylist@example.org" });
    const due = new Date("2032-01-08T15:00:00Z");
    const r1 = await createReminder(user.id, c1.id, due);
    peers.smtp.setMode({ kind: "reject", code: 550, message: "Mailbox unavailable" });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    const d1 = await deliveryOf(r1.id);
    expect(d1.status).toBe("failed");
    expect(d1.errorCode).toBe("550");
    expect((await reminderOf(r1.id)).lastError).toContain("Mailbox unavailable");

    const r2 = await createReminder(user.id, c2.id, new Date(due.getTime() + 60_000));
    peers.smtp.setMode({ kind: "reject", code: 451, message: "Try again later" });
    await runBatch({ workerId: "w", clock: ms(due, 60_000) });
    peers.smtp.setMode({ kind: "accept" });
    expect((await deliveryOf(r2.id)).status).toBe("queued");
    await runBatch({ workerId: "w", clock: ms(due, 60_000 + RETRY_SCHEDULE_MS[0] * (1 + RETRY_JITTER)) });
    expect((await deliveryOf(r2.id)).status).toBe("sent");
  });
});

describe("permanent SMTP refusal", () => {
  it("suppresses the address: later reminders to it fail with a reason and are not sent; a new address clears it", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "gone@example.org" });
    const due = new Date("2032-02-08T15:00:00Z");
    const first = await createReminder(user.id, contact.id, due);
    peers.smtp.setMode({ kind: "reject", code: 550, message: "5.1.1 User unknown" });
    await runBatch({ workerId: "w", clock: ms(due, 0) });
    peers.smtp.setMode({ kind: "accept" });
    expect((await deliveryOf(first.id)).errorCode).toBe("550");
    const [suppressed] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(suppressed.emailSuppressedAt).not.toBeNull();
    expect(suppressed.emailSuppressedReason).toContain("User unknown");
    // The contact list (the card) carries it.
    const listed = (await listContacts(user.id, "en")).find((c) => c.id === contact.id);
    expect(listed?.emailSuppressedReason).toContain("User unknown");

    const before = peers.smtp.messages.length;
    const second = await createReminder(user.id, contact.id, new Date(due.getTime() + 60_000));
    await runBatch({ workerId: "w", clock: ms(due, 60_000) });
    const d2 = await deliveryOf(second.id);
    expect(d2.status).toBe("failed");
    expect(d2.errorCode).toBe("suppressed");
    expect(d2.error).toContain("refused this address");
    expect(peers.smtp.messages.length).toBe(before);
    // The reserved usage went back.
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(0);

    await updateContact(await ownActor(user.id), contact.id, { email: "new@example.org" });
    const [cleared] = await db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(cleared.emailSuppressedAt).toBeNull();
  });
});
