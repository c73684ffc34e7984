import { describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { PACE_HORIZON_MS } from "@/lib/delivery/constants";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { callsSuite, nextPhone } from "../../support/calls-suite";
import { noonZone } from "../../support/noon-zone";

const RATE = 1;
// Twilio's default: one call created a second per account; faster creates wait in Twilio's queue
// (the peer records how long: queueTimeMs). An arrival may be up to 100 ms early on its grid.
const suite = callsSuite({ callsPerSecond: RATE, callsToleranceMs: 100, config: { callsPerSecond: RATE } });

describe("calls paced per account, the budget shared through the database", () => {
  it("two engines racing over 30 due calls create them one a second and queue the rest for their turns", async () => {
    // Business-sized daily cap: pacing, not the cap, decides here.
    const user = await createSender({ planType: "payg", paygCreditBalance: 1_000, remindersQuota: 0 });
    const due = new Date();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const contact = await createContact(user.id, { phone: nextPhone(), timezone: noonZone(due.getTime()) });
      const reminder = await createReminder(user.id, contact.id, due, {
        deliveryMethod: "call",
        message: "Hi",
      });
      ids.push(reminder.id);
    }
    const started = Date.now();
    // Two workers, each with its own batch, at the same moment: one budget between them.
    await Promise.all([runBatch({ workerId: "a", limit: 15 }), runBatch({ workerId: "b", limit: 15 })]);
    const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
    const sent = rows.filter((r) => r.status === "sent");
    const queued = rows.filter((r) => r.status === "queued");
    expect(rows.filter((r) => r.status === "failed")).toHaveLength(0);
    expect(sent.length + queued.length).toBe(30);

    const created = suite.twilio.calls.calls.filter((c) => sent.some((s) => s.providerMessageId === c.sid));
    expect(created).toHaveLength(sent.length);
    // Created at the peer a second apart. A worker stalled by a busy machine sends one late, and it
    // then arrives with the next one; Twilio's queue (a GCRA) holds every later call behind that
    // late one, so queue time says more about the machine than the pacing. What pacing promises:
    // no window of arrivals holds more than one call beyond the rate.
    const at = created.map((c) => c.createdAtMs).sort((a, b) => a - b);
    const crowded: string[] = [];
    for (let i = 0; i < at.length; i++)
      for (let j = i + 2; j < at.length; j++)
        if (at[j] - at[i] < ((j - i - 1) * 1_000) / RATE - 100)
          crowded.push(`${j - i + 1} in ${Math.round(at[j] - at[i])} ms`);
    expect(crowded).toEqual([]);
    // No more than the rate allows since the burst was taken on, most of the horizon's worth.
    expect(sent.length).toBeLessThanOrEqual(Math.floor(((Date.now() - started) / 1_000) * RATE) + 1);
    expect(sent.length).toBeGreaterThanOrEqual((PACE_HORIZON_MS / 1_000) * RATE * 0.5);

    // The rest wait in the database for their turns, one slot (1/RATE s) apart, first attempt kept.
    // Each batch dates its estimates from the database's clock when it took the sender's row, so
    // where the second batch's estimates follow the first's, they may be early by the time it
    // waited for that row (a returning call takes a real slot then, as those sent now did).
    const turns = queued
      .filter((r) => r.attemptCount === 0 && r.error === null)
      .map((r) => r.nextAttemptAt!.getTime())
      .sort((a, b) => a - b);
    expect(turns.length).toBe(queued.length);
    expect(turns[0]).toBeGreaterThanOrEqual(started + PACE_HORIZON_MS - 1_000 / RATE);
    const gaps = turns.slice(1).map((t, i) => t - turns[i]);
    expect(gaps.filter((gap) => gap < 1_000 / RATE - 1).length).toBeLessThanOrEqual(1);
    for (const gap of gaps) expect(gap).toBeGreaterThan(1_000 / RATE / 2);
  });
});
