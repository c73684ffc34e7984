import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { callReminder, callsSuite, nextPhone, workspaceOf } from "../../support/calls-suite";

const suite = callsSuite();

const stepsOf = (reminderId: string) =>
  db
    .select()
    .from(deliveries)
    .where(eq(deliveries.reminderId, reminderId))
    .orderBy(asc(deliveries.fallbackStep));
const stepOf = async (reminderId: string, step: number) =>
  (
    await db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.reminderId, reminderId), eq(deliveries.fallbackStep, step)))
  )[0];

describe("fallback after a call nobody answers", () => {
  it("after the last unanswered call the SMS goes, once; the call's usage is given back, the SMS's taken", async () => {
    const phone = nextPhone();
    suite.twilio.calls.scenario(phone, { answer: "no-answer" });
    const { user, reminder, at } = await callReminder({
      phone,
      reminder: { fallbackChannels: ["sms"], fallbackWaitMinutes: [0] },
    });
    let due = at;
    for (;;) {
      await runBatch({ workerId: "w", clock: () => due });
      const call = await stepOf(reminder.id, 0);
      expect(call.status).toBe("sent");
      await suite.twilio.calls.run(call.providerMessageId!);
      const after = await stepOf(reminder.id, 0);
      if (after.status !== "queued") break;
      // No SMS while the call still has a retry to come.
      expect(await stepOf(reminder.id, 1)).toBeUndefined();
      due = after.nextAttemptAt!;
    }
    expect(await stepOf(reminder.id, 1)).toMatchObject({ status: "queued", channel: "sms" });
    await runBatch({ workerId: "w", clock: () => due });
    await runBatch({ workerId: "w", clock: () => due });
    const steps = await stepsOf(reminder.id);
    expect(steps.map((s) => [s.channel, s.status, s.errorCode])).toEqual([
      ["call", "failed", "no_answer"],
      ["sms", "sent", null],
    ]);
    expect(suite.twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
    // Three for the call, given back; one for the SMS.
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(1);
    const [row] = await db.select().from(reminders).where(eq(reminders.id, reminder.id));
    expect(row.status).toBe("sent");
  });
});
