import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { materializeDue } from "@/lib/delivery/materialize-due";
import { withTransaction } from "@/lib/db/with-transaction";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
});

afterAll(async () => {
  closeMail();
  await sink.close();
});

const at = (iso: string) => () => new Date(iso);
const reload = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];

describe("recurring reminders and what is never sent", () => {
  it("moves a recurring reminder to its next occurrence until its end condition", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "daily@example.org" });
    // Daily at 09:00 in Madrid, 2 occurrences in total; first due 2031-03-10 08:00Z.
    const first = new Date("2031-03-10T08:00:00Z");
    const reminder = await createReminder(user.id, contact.id, first, {
      scheduleType: "recurring",
      scheduledFor: first,
      frequency: "daily",
      time: "09:00",
      endCondition: "after",
      endAfterCount: 2,
      timezone: "Europe/Madrid",
    });

    // Not yet due: nothing happens.
    expect((await runBatch({ workerId: "w", clock: at("2031-03-10T07:59:59Z") })).leased).toBe(0);

    await runBatch({ workerId: "w", clock: at("2031-03-10T08:00:01Z") });
    let row = await reload(reminder.id);
    expect(row.status).toBe("scheduled");
    expect(row.occurrencesSent).toBe(1);
    expect(row.nextRunAt?.toISOString()).toBe("2031-03-11T08:00:00.000Z");
    expect(row.lastSentAt?.toISOString()).toBe("2031-03-10T08:00:01.000Z");

    await runBatch({ workerId: "w", clock: at("2031-03-11T08:00:02Z") });
    row = await reload(reminder.id);
    expect(row.status).toBe("sent");
    expect(row.nextRunAt).toBeNull();
    expect(row.occurrencesSent).toBe(2);
    const rows = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(rows.map((r) => r.occurrenceAt.toISOString()).sort()).toEqual([
      "2031-03-10T08:00:00.000Z",
      "2031-03-11T08:00:00.000Z",
    ]);
    expect(sink.messages.filter((m) => m.to.includes("daily@example.org"))).toHaveLength(2);
  });

  it("after downtime a recurring reminder sends its overdue occurrence once and continues from now", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "late@example.org" });
    const first = new Date("2031-04-01T09:00:00Z");
    const reminder = await createReminder(user.id, contact.id, first, {
      scheduleType: "recurring",
      frequency: "daily",
      time: "09:00",
      timezone: "UTC",
    });
    await runBatch({ workerId: "w", clock: at("2031-04-05T12:00:00Z") });
    const row = await reload(reminder.id);
    expect(row.nextRunAt?.toISOString()).toBe("2031-04-06T09:00:00.000Z");
    expect(sink.messages.filter((m) => m.to.includes("late@example.org"))).toHaveLength(1);
  });

  it("never sends a cancelled reminder, nor one whose contact was deleted", async () => {
    const user = await createSender();
    const kept = await createContact(user.id, { email: "cancelled@example.org" });
    const gone = await createContact(user.id, { email: "deleted@example.org" });
    const control = await createContact(user.id, { email: "control@example.org" });
    const due = new Date("2031-05-01T10:00:00Z");
    const cancelled = await createReminder(user.id, kept.id, due);
    const orphan = await createReminder(user.id, gone.id, due);
    // Positive control: due at the same instant, left alone, so the batch below must send it.
    const scheduled = await createReminder(user.id, control.id, due);
    await db
      .update(reminders)
      .set({ status: "cancelled", cancelledAt: due })
      .where(eq(reminders.id, cancelled.id));
    await db.delete(contacts).where(eq(contacts.id, gone.id));

    const batch = await runBatch({ workerId: "w", clock: at("2031-05-01T10:00:05Z") });
    // Other tests' reminders may fall due in the same batch: only this test's three count.
    const mine = new Set([cancelled.id, orphan.id, scheduled.id]);
    expect(
      batch.outcomes
        .filter((o) => mine.has(o.delivery.reminderId))
        .map((o) => [o.delivery.reminderId, o.outcome.kind]),
    ).toEqual([[scheduled.id, "sent"]]);
    expect(sink.messages.filter((m) => m.to.includes("control@example.org"))).toHaveLength(1);
    expect(await db.select().from(deliveries).where(eq(deliveries.reminderId, cancelled.id))).toEqual([]);
    expect(await db.select().from(deliveries).where(eq(deliveries.reminderId, orphan.id))).toEqual([]);
    expect(await db.select().from(reminders).where(eq(reminders.id, orphan.id))).toEqual([]);
    expect(
      sink.messages.some(
        (m) => m.to.includes("cancelled@example.org") || m.to.includes("deleted@example.org"),
      ),
    ).toBe(false);
  });

  it("a pending occurrence of a reminder cancelled after it was claimed fails instead of going out", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "late-cancel@example.org" });
    const due = new Date("2031-06-01T10:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due);
    // Claimed into a delivery row, then put back to wait (as a retry would be).
    await withTransaction((client) => materializeDue(client, { now: due, limit: 100 }));
    const [pending] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(pending.status).toBe("queued");
    await db.update(reminders).set({ status: "cancelled" }).where(eq(reminders.id, reminder.id));

    await runBatch({ workerId: "w", clock: at("2031-06-01T10:00:10Z") });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe("cancelled");
    expect(sink.messages.some((m) => m.to.includes("late-cancel@example.org"))).toBe(false);
    expect((await reload(reminder.id)).status).toBe("cancelled");
  });
});
