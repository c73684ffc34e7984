import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveryReplies } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import * as gather from "@/app/api/webhooks/twilio/voice/gather/route";
import { callReminder, callsSuite, deliveryOf } from "../../support/calls-suite";
import type { CallStep } from "../../support/twilio-calls-peer";

// The whole path with the app's own keypad route: Twilio's peer places the call, fetches the
// TwiML, presses the keys on the Gather action, and sends the status callbacks.
const suite = callsSuite({ routes: { "/api/webhooks/twilio/voice/gather": gather } });

const said = (log: CallStep[]) =>
  log.filter((s): s is Extract<CallStep, { kind: "say" }> => s.kind === "say").map((s) => s.text);

/** 10:00 in Madrid on a winter day (UTC+1). */
const TEN_IN_MADRID = new Date("2026-12-14T09:00:00Z");

async function callGrandfather(phone: string, scenario: Parameters<typeof suite.twilio.calls.scenario>[1]) {
  suite.twilio.calls.scenario(phone, scenario);
  const placed = await callReminder({
    phone,
    at: TEN_IN_MADRID,
    contact: { name: "Abuelo", timezone: "Europe/Madrid", locale: "es" },
    reminder: { askConfirmation: true },
  });
  await runBatch({ workerId: "w", clock: () => TEN_IN_MADRID });
  const delivery = await deliveryOf(placed.reminder.id);
  expect(delivery).toMatchObject({ status: "sent", confirmation: "awaiting" });
  const call = suite.twilio.calls.calls.find((c) => c.sid === delivery.providerMessageId)!;
  await suite.twilio.calls.run(call.sid);
  return { ...placed, delivery, call };
}

describe("a grandfather in Madrid called at 10:00 his time", () => {
  it("hears who it is from in Spanish and the message; pressing 1 confirms it for the sender", async () => {
    const { delivery, call } = await callGrandfather("+34910000101", { answer: "person", digits: ["1"] });
    const lines = said(call.log);
    expect(lines.slice(0, 2)).toEqual([
      "Un mensaje de Ana Pérez, a través de Remindful.",
      "Feliz cumpleaños, abuelo",
    ]);
    // The keypad's prompt offers the confirmation, and the key's answer is spoken back.
    expect(lines[2]).toContain("Pulse 1 para confirmar");
    expect(lines.at(-1)).toBe("Gracias, confirmado. Adiós.");

    const after = await deliveryOf(delivery.reminderId);
    expect(after).toMatchObject({ status: "delivered", callOutcome: "answered", confirmation: "confirmed" });
    const replies = await db
      .select()
      .from(deliveryReplies)
      .where(eq(deliveryReplies.deliveryId, delivery.id));
    expect(replies).toEqual([
      expect.objectContaining({
        channel: "call",
        body: "1",
        action: "confirm",
        providerMessageId: `${call.sid}:1`,
      }),
    ]);
  });

  it("pressing 2 declines; a voicemail gets the message and the History says it was left there", async () => {
    const declined = await callGrandfather("+34910000102", { answer: "person", digits: ["2"] });
    expect(await deliveryOf(declined.delivery.reminderId)).toMatchObject({ confirmation: "declined" });

    const voicemail = await callGrandfather("+34910000103", { answer: "machine" });
    const lines = said(voicemail.call.log);
    expect(lines).toEqual([
      "Un mensaje de Ana Pérez, a través de Remindful.",
      "Feliz cumpleaños, abuelo",
      "Adiós.",
    ]);
    expect(await deliveryOf(voicemail.delivery.reminderId)).toMatchObject({
      status: "delivered",
      callOutcome: "voicemail",
      confirmation: "awaiting",
    });
  });
});
