import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db, pool } from "@/lib/db";
import { startDeliveryEngine, type DeliveryEngine } from "@/lib/delivery/engine";
import { closeMail, setSmtpUrl } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/tests/support/smtp-sink";
import { POST as createContactRoute } from "@/app/api/contacts/route";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";
import { createSignedInUser } from "@/tests/support/users";

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

describe("delivery engine", () => {
  it("sends a one-time reminder when it falls due, once, and marks it sent", async () => {
    const user = await createSender({ senderName: "Ana Pérez", locale: "es" });
    const contact = await createContact(user.id, { name: "Ben", email: "ben@example.org" });
    const due = new Date(Date.now() + 1_500);
    const reminder = await createReminder(user.id, contact.id, due, { message: "Llama a la abuela" });

    const mail = await waitFor(async () => sink.messages.find((m) => m.to.includes("ben@example.org")));
    expect(mail.headers.get("from")).toContain("Ana Pérez via Remindful");
    expect(mail.headers.get("subject")).toContain("Un recordatorio de");
    expect(mail.headers.get("list-unsubscribe")).toContain(`/api/unsubscribe/${contact.unsubscribeToken}`);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // Replies reach the user; the Message-ID is in the app's domain and unique to this deployment.
    expect(mail.headers.get("reply-to")).toBe(user.email);
    expect(mail.headers.get("message-id")).toMatch(/^<delivery-\d+\.[0-9a-f]{16}@localhost>$/);
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

  it("writes the fixed lines in the contact's language, whatever the sender's screen language", async () => {
    const { user, cookie } = await createSignedInUser({
      senderName: "Ana Pérez",
      remindersQuota: 1000,
      locale: "es",
    });
    const created = await callRoute(createContactRoute, "/api/contacts", {
      method: "POST",
      cookie,
      body: { name: "Luc", email: "luc@example.fr", locale: "fr" },
    });
    expect(created.status).toBe(201);
    await createReminder(user.id, String(created.json.id), new Date(Date.now() + 500), {
      message: "Rendez-vous",
    });

    const mail = await waitFor(async () => sink.messages.find((m) => m.to.includes("luc@example.fr")));
    expect(mail.headers.get("subject")).toContain("Un rappel de");
    expect(mail.raw).toContain("Bonjour Luc,");
    expect(mail.raw).not.toContain("Hola");
  });

  it("runs a wake-up's batches in the process that woke: no job is queued for them", async () => {
    // graphile-worker numbers every job it is given from one sequence: it must not move.
    const lastJobId = async () =>
      (
        await pool.query<{ n: string }>(
          `select coalesce(pg_sequence_last_value(
             pg_get_serial_sequence('graphile_worker._private_jobs', 'id')::regclass), 0) as n`,
        )
      ).rows[0].n;
    const before = await lastJobId();
    const user = await createSender({ senderName: "Ana Pérez" });
    const contact = await createContact(user.id, { name: "Noor", email: "noor@example.org" });
    const reminder = await createReminder(user.id, contact.id, new Date(Date.now() + 500), {
      message: "Water the plants",
    });

    await waitFor(async () => {
      const [r] = await db.select().from(reminders).where(eq(reminders.id, reminder.id));
      return r.status === "sent" ? r : undefined;
    });
    expect(sink.messages.filter((m) => m.to.includes("noor@example.org"))).toHaveLength(1);
    expect(await lastJobId()).toBe(before);
  });
});
