import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { deliveryReplies } from "@/db/schema";
import { db } from "@/lib/db";
import { preferencesUrl } from "@/lib/messages/render-message";
import { POST as gather } from "@/app/api/webhooks/twilio/voice/gather/route";
import { callRoute } from "@/tests/support/call-route";
import { gatherParams, sentCall, signedGather } from "@/tests/support/call-deliveries";
import { createContact, createSender } from "@/tests/support/delivery-fixtures";
import { startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";

// 8 pressed during a reminder call: the contact gets their preferences link by SMS.

let sink: TwilioSink;
beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});
afterAll(async () => {
  await sink.close();
});

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const sayAndHangUp = (voice: string, text: string) =>
  `${HEAD}<Response><Say ${voice}>${text}</Say><Hangup/></Response>`;
const EN = 'voice="Polly.Joanna-Neural" language="en-US"';
const FR = 'voice="Polly.Lea-Neural" language="fr-FR"';

let phones = 0;
const phone = () => `+1212556${String(1000 + phones++).padStart(4, "0")}`;

async function callInProgress(contact: { locale?: "en" | "fr"; smsOptOut?: boolean } = {}) {
  const sender = await createSender();
  const number = phone();
  const created = await createContact(sender.id, {
    phone: number,
    timezone: "UTC",
    locale: contact.locale ?? "en",
    smsOptOut: contact.smsOptOut ?? false,
  });
  const call = await sentCall(sender.id, created.id, { askConfirmation: false });
  const params = gatherParams(call.callSid, "8", number);
  const press = () => {
    const request = signedGather(call.delivery.id, params);
    return callRoute(gather, request.path, request);
  };
  return { number, press, ...call };
}

const smsTo = (number: string) => sink.messages.filter((m) => m.to === number);

describe("8 on a reminder call", () => {
  it("texts the preferences link to the number called, says so and hangs up; a replay sends nothing again", async () => {
    const call = await callInProgress();
    const res = await call.press();
    expect(res.text).toBe(sayAndHangUp(EN, "We have sent you the link by text message. Goodbye."));
    const [sms, ...more] = smsTo(call.number);
    expect(more).toEqual([]);
    expect(sms.body).toBe(
      `Remindful, from Ana Pérez: Choose how you hear from Ana Pérez: ${preferencesUrl(call.delivery.id)}\nReply STOP to opt out.`,
    );
    // In the History as a key that did nothing to the reminder.
    const replies = await db
      .select()
      .from(deliveryReplies)
      .where(eq(deliveryReplies.deliveryId, call.delivery.id));
    expect(replies.map((r) => [r.body, r.action])).toEqual([["8", "none"]]);

    const again = await call.press();
    expect(again.text).toBe(res.text);
    expect(smsTo(call.number)).toHaveLength(1);
  });

  it("speaks and texts in the contact's language", async () => {
    const call = await callInProgress({ locale: "fr" });
    expect((await call.press()).text).toBe(
      sayAndHangUp(FR, "Nous vous avons envoyé le lien par SMS. Au revoir."),
    );
    expect(smsTo(call.number).map((m) => m.body)).toEqual([
      `Remindful, envoyé par Ana Pérez : Choisissez comment Ana Pérez vous contacte : ${preferencesUrl(call.delivery.id)}\nRépondez STOP pour vous désabonner.`,
    ]);
  });

  it("a contact who stopped SMS gets no text, and the call says it could not be sent", async () => {
    const call = await callInProgress({ smsOptOut: true });
    expect((await call.press()).text).toBe(
      sayAndHangUp(EN, "Sorry, we could not send you the link by text message. Goodbye."),
    );
    expect(smsTo(call.number)).toEqual([]);
  });

  it("a refused send says it could not be sent", async () => {
    const call = await callInProgress();
    sink.setMode({ kind: "error", status: 400, code: 21211, message: "Invalid 'To' Phone Number" });
    try {
      expect((await call.press()).text).toBe(
        sayAndHangUp(EN, "Sorry, we could not send you the link by text message. Goodbye."),
      );
    } finally {
      sink.setMode({ kind: "accept" });
    }
  });
});
