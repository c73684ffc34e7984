import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { startDeliveryEngine, type DeliveryEngine } from "@/lib/delivery/engine";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/tests/helpers/smtp-sink";
import { createContact, createReminder, createSender } from "@/tests/helpers/delivery-fixtures";

let sink: SmtpSink;
let engine: DeliveryEngine;

beforeAll(async () => {
  sink = await startSmtpSink();
  setSmtpUrl(sink.url);
  engine = await startDeliveryEngine({ workerId: "engine-test", concurrency: 2 });
});

afterAll(async () => {
  await engine.stop();
  closeMail();
  await sink.close();
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("delivery engine on graphile-worker", () => {
  it("sends a one-time reminder when it falls due, once, and marks it sent", async () => {
    const user = await createSender({ senderName: "Ana Pérez", locale: "es" });
    const contact = await createContact(user.id, { name: "Ben", email: "ben@example.org" });
    const due = new Date(Date.now() + 1_500);
    const reminder = await createReminder(user.id, contact.id, due, { message: "Llama a la abuela" });

    const mail = await waitFor(async () => sink.messages.find((m) => m.to.includes("ben@example.org")));
    expect(mail.headers.get("from")).toContain("Ana Pérez via Remindful");
    expect(mail.headers.get("subject")).toContain("Un recordatorio de");
    expect(mail.headers.get("list-unsubscribe")).toContain(`/api/unsubscribe/${contact.unsubscribeToken}`);
    expect(mail.raw).toContain("Llama a la abuela");
    expect(mail.raw).toContain("text/html");

    const row = await waitFor(async () => {
      const [r] = await db.select().from(reminders).where(eq(reminders.id, reminder.id));
      return r.status === "sent" ? r : undefined;
    });
    expect(row.nextRunAt).toBeNull();
    expect(row.occurrencesSent).toBe(1);
    expect(row.lastSentAt).not.toBeNull();
    const rows = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("sent");
    // Not sent before it was due.
    expect(rows[0].sentAt!.getTime()).toBeGreaterThanOrEqual(due.getTime());
    expect(sink.messages.filter((m) => m.to.includes("ben@example.org"))).toHaveLength(1);
  });
});
