import { afterEach, describe, expect, it } from "vitest";
import { runBatch } from "@/lib/delivery/run-batch";
import { callReminder, callsOf, callsSuite, deliveryOf, nextPhone } from "../../support/calls-suite";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { twilioSinkConfig, useTwilioSink, type TwilioMode } from "../../support/twilio-sink";

const suite = callsSuite();

afterEach(() => {
  suite.twilio.setMode({ kind: "accept" });
  useTwilioSink(suite.twilio);
});

/** Calls API requests the peer had since `from`, as "POST" / "GET". */
const callRequests = (from: number) =>
  suite.twilio
    .received()
    .slice(from)
    .filter((r) => r.pathname.endsWith("/Calls.json"))
    .map((r) => r.method);

/** A first batch whose create-call request goes unanswered in `mode`, then one with Twilio answering again. */
async function unansweredCreate(reminderId: string, at: Date, mode: TwilioMode) {
  // A short timeout, so the unanswered request becomes an ambiguous attempt quickly.
  setTwilioConfig({ ...twilioSinkConfig(suite.twilio), timeoutMs: 300 });
  suite.twilio.setMode(mode);
  await runBatch({ workerId: "w", clock: () => at });
  const waiting = await deliveryOf(reminderId);
  expect(waiting.status).toBe("queued");
  suite.twilio.setMode({ kind: "accept" });
  await runBatch({ workerId: "w", clock: () => waiting.nextAttemptAt! });
  return deliveryOf(reminderId);
}

describe("a create-call request whose answer is lost", () => {
  it.each([
    ["timed out", { kind: "accept-hang" }],
    ["answered 500 after creating the call", { kind: "accept-error", status: 500 }],
  ] as const)(
    "(%s) is looked up in the Calls list: the call Twilio made is kept, nobody is called twice",
    async (_, mode) => {
      const { reminder, at, phone } = await callReminder();
      const before = suite.twilio.received().length;
      const delivery = await unansweredCreate(reminder.id, at, mode);
      expect(callRequests(before)).toEqual(["POST", "GET"]);
      const placed = suite.twilio.calls.calls.filter((c) => c.to === phone);
      expect(placed).toHaveLength(1);
      expect(delivery).toMatchObject({ status: "sent", providerMessageId: placed[0].sid, attemptCount: 2 });
      expect((await callsOf(delivery.id)).map((c) => c.callSid)).toEqual([placed[0].sid]);
      // The call found is the delivery's: its webhooks are taken.
      await suite.twilio.calls.run(placed[0].sid);
      expect(await deliveryOf(reminder.id)).toMatchObject({ status: "delivered", callOutcome: "answered" });
    },
  );

  it("a request that never reached Twilio: the lookup finds nothing, the call is placed once", async () => {
    const { reminder, at, phone } = await callReminder();
    const before = suite.twilio.received().length;
    const delivery = await unansweredCreate(reminder.id, at, { kind: "hang" });
    expect(callRequests(before)).toEqual(["POST", "GET", "POST"]);
    const placed = suite.twilio.calls.calls.filter((c) => c.to === phone);
    expect(placed).toHaveLength(1);
    expect(delivery).toMatchObject({ status: "sent", providerMessageId: placed[0].sid });
  });

  it("on a retry after no answer, the earlier call of the same delivery is not taken for the lost one", async () => {
    const phone = nextPhone();
    suite.twilio.calls.scenario(phone, { answer: "no-answer" });
    const { reminder, at } = await callReminder({ phone });
    await runBatch({ workerId: "w", clock: () => at });
    const first = await deliveryOf(reminder.id);
    await suite.twilio.calls.run(first.providerMessageId!);
    const retry = await deliveryOf(reminder.id);
    expect(retry.status).toBe("queued");
    const before = suite.twilio.received().length;
    // The retry's create never reaches Twilio; the lookup then lists only the first call.
    const delivery = await unansweredCreate(reminder.id, retry.nextAttemptAt!, { kind: "hang" });
    expect(callRequests(before)).toEqual(["POST", "GET", "POST"]);
    const placed = suite.twilio.calls.calls.filter((c) => c.to === phone);
    expect(placed).toHaveLength(2);
    expect(delivery).toMatchObject({ status: "sent", providerMessageId: placed[1].sid });
    expect((await callsOf(delivery.id)).map((c) => c.callSid)).toEqual(placed.map((c) => c.sid));
  });
});
