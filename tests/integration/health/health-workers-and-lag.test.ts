import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { db, pool } from "@/lib/db";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";

interface HealthBody {
  workers: string;
  workerHeartbeatAgeSeconds: number | null;
  workerHeartbeats: {
    workerId: string;
    startedAt: string;
    lastSeenAt: string;
    ageSeconds: number;
    state: string;
  }[];
  deliveryLagSeconds: number | null;
  oldestDueAt: string | null;
}

const read = async () => (await (await health()).json()) as HealthBody;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

afterEach(async () => {
  await pool.query("delete from worker_heartbeats");
  await pool.query("delete from deliveries");
  await pool.query("delete from reminders");
});

async function delivery(values: {
  status: string;
  nextAttemptAt: Date | null;
  occurrenceAt: Date;
  leaseExpiresAt?: Date;
}) {
  const user = await createSender();
  const contact = await createContact(user.id);
  // Not due itself: only the delivery row is under test.
  const reminder = await createReminder(user.id, contact.id, new Date(Date.now() + 86_400_000));
  await pool.query(
    `insert into deliveries (reminder_id, workspace_id, contact_id, occurrence_at, channel, status, next_attempt_at, lease_expires_at)
     values ($1, $2, $3, $4, 'email', $5, $6, $7)`,
    [
      reminder.id,
      user.id,
      contact.id,
      values.occurrenceAt,
      values.status,
      values.nextAttemptAt,
      values.leaseExpiresAt ?? null,
    ],
  );
}

describe("/api/health: each worker's heartbeat", () => {
  it("lists the workers seen within a day, fresh within a lease and stale after, newest first", async () => {
    await db.execute(`insert into worker_heartbeats (worker_id, started_at, last_seen_at) values
      ('host-a:101:aaaa', now() - interval '2 hours', now() - interval '3 seconds'),
      ('host-b:202:bbbb', now() - interval '3 hours', now() - interval '5 minutes'),
      ('host-c:303:cccc', now() - interval '3 days', now() - interval '2 days')`);
    const body = await read();
    expect(body.workerHeartbeats.map((w) => [w.workerId, w.state])).toEqual([
      ["host-a:101:aaaa", "fresh"],
      ["host-b:202:bbbb", "stale"],
    ]);
    const [fresh, stale] = body.workerHeartbeats;
    expect(fresh.ageSeconds).toBeGreaterThanOrEqual(3);
    expect(fresh.ageSeconds).toBeLessThan(10);
    expect(stale.ageSeconds).toBeGreaterThanOrEqual(300);
    expect(stale.ageSeconds).toBeLessThan(310);
    expect(Date.parse(fresh.lastSeenAt)).toBeGreaterThan(Date.parse(fresh.startedAt));
    expect(Math.abs(Date.parse(stale.startedAt) - (Date.now() - 3 * 3_600_000))).toBeLessThan(10_000);
    // The summary fields say what they said before the list.
    expect(body.workers).toBe("fresh");
    expect(body.workerHeartbeatAgeSeconds).toBe(fresh.ageSeconds);
  });

  it("with only a stale worker, the list marks it and the summary says stale", async () => {
    await db.execute(
      `insert into worker_heartbeats (worker_id, last_seen_at) values ('host-d:404:dddd', now() - interval '31 seconds')`,
    );
    const body = await read();
    expect(body.workerHeartbeats).toMatchObject([{ workerId: "host-d:404:dddd", state: "stale" }]);
    expect(body.workers).toBe("stale");
  });
});

describe("/api/health: delivery lag", () => {
  it("is 0 with no oldest due time when nothing due waits", async () => {
    const body = await read();
    expect(body.deliveryLagSeconds).toBe(0);
    expect(body.oldestDueAt).toBeNull();
  });

  it("is the age of the oldest due reminder not yet taken on", async () => {
    const user = await createSender();
    const contact = await createContact(user.id);
    const due = minutesAgo(10);
    await createReminder(user.id, contact.id, due);
    await createReminder(user.id, contact.id, minutesAgo(2));
    // Cancelled and future reminders are not waiting.
    await createReminder(user.id, contact.id, minutesAgo(60), { status: "cancelled" });
    await createReminder(user.id, contact.id, new Date(Date.now() + 60_000));
    const body = await read();
    expect(body.oldestDueAt).toBe(due.toISOString());
    expect(body.deliveryLagSeconds).toBeGreaterThanOrEqual(600);
    expect(body.deliveryLagSeconds).toBeLessThan(610);
  });

  it("counts a queued delivery past its next attempt time, older than any due reminder", async () => {
    const user = await createSender();
    const contact = await createContact(user.id);
    await createReminder(user.id, contact.id, minutesAgo(5));
    const retryDue = minutesAgo(20);
    await delivery({ status: "queued", nextAttemptAt: retryDue, occurrenceAt: minutesAgo(25) });
    const body = await read();
    expect(body.oldestDueAt).toBe(retryDue.toISOString());
    expect(body.deliveryLagSeconds).toBeGreaterThanOrEqual(1200);
  });

  it("counts a delivery whose worker's lease ran out, from the lease's end", async () => {
    const expired = minutesAgo(3);
    await delivery({
      status: "sending",
      nextAttemptAt: null,
      occurrenceAt: minutesAgo(4),
      leaseExpiresAt: expired,
    });
    const body = await read();
    expect(body.oldestDueAt).toBe(expired.toISOString());
    expect(body.deliveryLagSeconds).toBeGreaterThanOrEqual(180);
  });

  it("counts a held delivery only from the end of its hold, not from its occurrence", async () => {
    const holdEnded = minutesAgo(2);
    await delivery({ status: "held", nextAttemptAt: holdEnded, occurrenceAt: minutesAgo(600) });
    const body = await read();
    expect(body.oldestDueAt).toBe(holdEnded.toISOString());
    expect(body.deliveryLagSeconds).toBeLessThan(130);
  });

  it("does not count a delivery held for quiet hours, nor a retry still to come", async () => {
    // Due hours ago, held until the quiet hours end (its next attempt), which is still ahead.
    await delivery({
      status: "held",
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      occurrenceAt: minutesAgo(180),
    });
    await delivery({
      status: "queued",
      nextAttemptAt: new Date(Date.now() + 60_000),
      occurrenceAt: minutesAgo(30),
    });
    await delivery({ status: "sent", nextAttemptAt: null, occurrenceAt: minutesAgo(240) });
    const body = await read();
    expect(body.deliveryLagSeconds).toBe(0);
    expect(body.oldestDueAt).toBeNull();
  });
});
