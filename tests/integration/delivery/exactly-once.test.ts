import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { leaseDeliveries } from "@/lib/delivery/lease-deliveries";
import { materializeDue } from "@/lib/delivery/materialize-due";
import { withTransaction } from "@/lib/db/with-transaction";
import { recordOutcomes } from "@/lib/delivery/record-outcomes";
import { runBatch } from "@/lib/delivery/run-batch";
import { LEASE_MS } from "@/lib/delivery/constants";
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

async function drain(workerId: string, clock: () => Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { leased } = await runBatch({ workerId, clock, limit: 25 });
    if (leased === 0) return total;
    total += leased;
  }
}

describe("exactly once, never lost", () => {
  it("several engines racing over the same due reminders send each occurrence once", async () => {
    const user = await createSender({ remindersQuota: 10_000 });
    const due = new Date("2030-01-01T10:00:00Z");
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const contact = await createContact(user.id, { email: `race-${i}@example.org` });
      ids.push((await createReminder(user.id, contact.id, due)).id);
    }
    const clock = () => new Date(due.getTime() + 100);
    const perWorker = await Promise.all(["w1", "w2", "w3", "w4"].map((w) => drain(w, clock)));
    expect(perWorker.reduce((a, b) => a + b, 0)).toBe(120);
    // Several workers really took part.
    expect(perWorker.filter((n) => n > 0).length).toBeGreaterThan(1);

    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    expect(rows).toHaveLength(120);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    const received = sink.messages.filter((m) => m.to[0].startsWith("race-")).map((m) => m.to[0]);
    expect(received).toHaveLength(120);
    expect(new Set(received).size).toBe(120);
    const [used] = await db
      .execute(sql`select reminders_used_current_period as used from workspaces where id = ${user.id}`)
      .then((r) => r.rows as { used: number }[]);
    expect(used.used).toBe(120);
  });

  it("a worker that dies after claiming leaves work another worker finishes once its lease runs out", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { email: "takeover@example.org" });
    const due = new Date("2030-02-01T10:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due);

    // The dead worker claims and leases, then never sends nor renews.
    const leasedAt = new Date(due.getTime() + 10);
    const leased = await withTransaction(async (client) => {
      await materializeDue(client, { now: leasedAt, limit: 10 });
      return leaseDeliveries(client, { workerId: "dead-worker", now: leasedAt, limit: 10 });
    });
    expect(leased.toSend.map((d) => d.reminderId)).toEqual([reminder.id]);

    // Before the lease runs out nobody else touches it.
    const early = await runBatch({
      workerId: "live",
      clock: () => new Date(leasedAt.getTime() + LEASE_MS - 1_000),
    });
    expect(early.leased).toBe(0);

    // After it (30 s, well within the 60 s target) the live worker takes it over.
    const late = await runBatch({
      workerId: "live",
      clock: () => new Date(leasedAt.getTime() + LEASE_MS + 1),
    });
    expect(late.leased).toBe(1);
    const [row] = await db.select().from(deliveries).where(eq(deliveries.reminderId, reminder.id));
    expect(row.status).toBe("sent");
    expect(row.attemptCount).toBe(2);
    expect(sink.messages.filter((m) => m.to.includes("takeover@example.org"))).toHaveLength(1);

    // If the dead worker wakes up, its late result is not recorded over the live one's.
    const recorded = await withTransaction((client) =>
      recordOutcomes(client, "dead-worker", new Date(), [
        { delivery: leased.toSend[0], outcome: { kind: "failed", error: "late", refund: true } },
      ]),
    );
    expect(recorded).toBe(0);
    const [after] = await db.select().from(reminders).where(eq(reminders.id, reminder.id));
    expect(after.status).toBe("sent");
    // Usage was reserved once, not once per attempt.
    const used = await db.execute(
      sql`select reminders_used_current_period as used from workspaces where id = ${user.id}`,
    );
    expect((used.rows[0] as { used: number }).used).toBe(1);
  });
});
