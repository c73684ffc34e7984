import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CALL_RETRY_DELAYS_MS } from "@/config/calls";
import { creditLedger, reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import { failureReason } from "@/lib/channels/failure-reasons";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import {
  callReminder,
  callsOf,
  callsSuite,
  deliveryOf,
  nextPhone,
  workspaceOf,
} from "../../support/calls-suite";

const suite = callsSuite();

/** Requests the peer had on its Calls API since `from` (creates are POSTs, lookups GETs). */
const callRequests = (from: number, method: string) =>
  suite.twilio
    .received()
    .slice(from)
    .filter((r) => r.method === method && r.pathname.endsWith("/Calls.json"));

/** Runs the batch due at `at`, then the call it placed for `reminderId` through the peer. */
async function placeAndRing(reminderId: string, at: Date) {
  await runBatch({ workerId: "w", clock: () => at });
  const delivery = await deliveryOf(reminderId);
  expect(delivery.status).toBe("sent");
  await suite.twilio.calls.run(delivery.providerMessageId!);
  return deliveryOf(reminderId);
}

describe("a call nobody answers", () => {
  it("is placed again 10 then 60 minutes later, never looked up first, then fails with its reason and gives its usage back", async () => {
    const phone = nextPhone();
    suite.twilio.calls.scenario(phone, { answer: "no-answer" });
    const { user, reminder, at } = await callReminder({ phone });
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example/calls",
      events: ["delivery.failed"],
      secret: "whsec_dGVzdA==",
    });
    const before = suite.twilio.received().length;

    let after = await placeAndRing(reminder.id, at);
    for (const [i, delay] of CALL_RETRY_DELAYS_MS.entries()) {
      // A retry holds the usage its first call reserved: nothing more is taken.
      expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(3);
      expect(after).toMatchObject({ status: "queued", errorCode: "no_answer", attemptCount: i + 1 });
      expect(after.error).toMatch(/^The call was not answered; calling again at /);
      // Counted from when Twilio reported the call's end.
      expect(after.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + delay - 60_000);
      expect(after.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + delay);
      after = await placeAndRing(reminder.id, after.nextAttemptAt!);
    }

    expect(after).toMatchObject({ status: "failed", errorCode: "no_answer", attemptCount: 3 });
    expect(after.error).toBe("The call was not answered (3 calls placed)");
    expect(failureReason("call", after.errorCode)).toMatchObject({
      messageKey: "reasons.no_answer",
      action: "retry",
    });
    const reminderRow = (await db.select().from(reminders).where(eq(reminders.id, reminder.id)))[0];
    expect(reminderRow).toMatchObject({ status: "failed", lastError: after.error });
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(0);
    expect((await callsOf(after.id)).map((c) => c.status)).toEqual(["no-answer", "no-answer", "no-answer"]);
    // Three calls created, and no lookup in the Calls list before a retry: the calls were settled.
    expect(callRequests(before, "POST")).toHaveLength(3);
    expect(callRequests(before, "GET")).toHaveLength(0);
    const events = await db.select().from(webhookMessages).where(eq(webhookMessages.workspaceId, user.id));
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        type: "delivery.failed",
        data: expect.objectContaining({ channel: "call", errorCode: "no_answer", error: after.error }),
      }),
    ]);
  });

  it("pay-as-you-go: three cents reserved once for all the calls, given back once when it fails for good", async () => {
    const phone = nextPhone();
    suite.twilio.calls.scenario(phone, { answer: "no-answer" });
    const { user, reminder, at } = await callReminder({
      phone,
      sender: { planType: "payg", paygCreditBalance: 10, remindersQuota: 0 },
    });
    let after = await placeAndRing(reminder.id, at);
    expect((await workspaceOf(user.id)).paygCreditBalance).toBe(7);
    while (after.status === "queued") after = await placeAndRing(reminder.id, after.nextAttemptAt!);
    expect(after.status).toBe("failed");
    expect((await workspaceOf(user.id)).paygCreditBalance).toBe(10);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger.map((l) => [l.reason, l.amountCents]).sort()).toEqual([
      ["delivery", -3],
      ["refund", 3],
    ]);
  });

  it.each([
    ["busy", "busy", /^The line was busy; calling again at /],
    ["failed", "call_failed", /^The call could not be connected; calling again at /],
  ] as const)("a %s call is placed again later with its own reason", async (answer, code, error) => {
    const phone = nextPhone();
    suite.twilio.calls.scenario(phone, { answer });
    const { reminder, at } = await callReminder({ phone });
    const after = await placeAndRing(reminder.id, at);
    expect(after).toMatchObject({ status: "queued", errorCode: code });
    expect(after.error).toMatch(error);
    const [call] = await callsOf(after.id);
    expect(call).toMatchObject({ status: answer, answeredAt: null });
  });

  it("a retry due in the contact's quiet hours waits for them to end", async () => {
    const phone = nextPhone();
    suite.twilio.calls.scenario(phone, { answer: "no-answer" });
    const at = new Date("2031-06-02T19:55:00Z");
    const { reminder } = await callReminder({ phone, at, contact: { timezone: "UTC" } });
    const after = await placeAndRing(reminder.id, at);
    expect(after.status).toBe("queued");
    const evening = new Date("2031-06-02T20:05:00Z");
    await runBatch({ workerId: "w", clock: () => evening });
    const held = await deliveryOf(reminder.id);
    expect(held.status).toBe("held");
    expect(held.nextAttemptAt).toEqual(new Date("2031-06-03T08:00:00Z"));
    // Not attempted: the attempt is given back, and the next call still follows a settled one.
    expect(held).toMatchObject({ attemptCount: 1, errorCode: "no_answer" });
    expect(await callsOf(held.id)).toHaveLength(1);
  });
});
