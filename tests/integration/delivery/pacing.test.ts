import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { PACE_HORIZON_MS } from "@/lib/delivery/constants";
import { startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";
import { createContact, createReminder, createSender } from "@/tests/support/delivery-fixtures";

const RATE = 5;
let sink: TwilioSink;

beforeAll(async () => {
  // The peer refuses (429) anything faster than RATE messages a second from one sender (an
  // arrival may be up to 100 ms early on its grid).
  sink = await startTwilioSink({ ratePerSender: RATE, toleranceMs: 100 });
  useTwilioSink(sink, RATE);
});

afterAll(async () => {
  await sink.close();
});

function daytimeZone(): string {
  const hour = new Date().getUTCHours();
  return hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
}

describe("SMS paced per sender, the budget shared through the database", () => {
  it("two engines racing over 80 due SMS send at the sender's rate and queue the rest for later", async () => {
    const user = await createSender();
    const due = new Date();
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const contact = await createContact(user.id, {
        phone: `+1202555${String(i).padStart(4, "0")}`,
        timezone: daytimeZone(),
      });
      ids.push((await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" })).id);
    }
    const started = Date.now();
    // Two workers, each with its own batch, at the same moment: one budget between them.
    await Promise.all([runBatch({ workerId: "a", limit: 40 }), runBatch({ workerId: "b", limit: 40 })]);
    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    const sent = rows.filter((r) => r.status === "sent");
    const queued = rows.filter((r) => r.status === "queued");

    // A worker stalled by a busy machine (or its first request's connection) can land a send
    // early on the peer's grid; without pacing nearly all 80 would be refused.
    expect(sink.throttled()).toBeLessThanOrEqual(3);
    expect(rows.filter((r) => r.status === "failed")).toHaveLength(0);
    expect(sent.length + queued.length).toBe(80);
    expect(sink.messages.length).toBe(sent.length);
    // About the horizon's worth left at once, no more than the rate allows.
    const elapsed = (Date.now() - started) / 1_000;
    expect(sent.length).toBeLessThanOrEqual(Math.floor(elapsed * RATE) + 1);
    // Most of the horizon's worth left at once (a worker slowed by a busy machine may queue a few
    // of its slots instead; never more than the rate allows, checked above).
    expect(sent.length).toBeGreaterThanOrEqual((PACE_HORIZON_MS / 1_000) * RATE * 0.5);
    // The rest wait in the database for their turns, one slot (1/RATE s) apart, first attempt kept.
    // (A send the peer throttled is queued too, after its Retry-After: not one of these turns.)
    const turns = queued
      .filter((r) => r.attemptCount === 0 && r.error === null)
      .map((r) => r.nextAttemptAt!.getTime())
      .sort((a, b) => a - b);
    // Slots are counted from when the burst was taken on, not from when this check runs (a busy
    // machine may check late): the first queued turn lies past the horizon the workers held.
    expect(turns[0]).toBeGreaterThanOrEqual(started + PACE_HORIZON_MS - 1_000 / RATE);
    for (let i = 1; i < turns.length; i++)
      expect(turns[i] - turns[i - 1]).toBeGreaterThanOrEqual(1_000 / RATE - 1);
    // Only a send the peer throttled (tolerated above) comes back with an attempt or an error on it.
    const touched = queued.filter((r) => r.attemptCount !== 0 || r.error !== null);
    expect(touched.length).toBeLessThanOrEqual(sink.throttled());
  });
});
