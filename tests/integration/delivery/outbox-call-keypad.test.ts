import { afterEach, describe, expect, it } from "vitest";
import { and, eq, gt } from "drizzle-orm";
import { NextRequest } from "next/server";
import { contacts, deliveries, deliveryReplies, outboxMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { outboxCallOf } from "@/lib/channels/outbox-call";
import { replyFromOutbox } from "@/lib/channels/reply-from-outbox";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { setOutboxSettings } from "@/lib/outbox/outbox-enabled";
import { POST as outboxReply } from "@/app/dev/outbox/reply/route";
import { POST as gather } from "@/app/api/webhooks/twilio/voice/gather/route";
import { callRoute } from "@/tests/support/call-route";
import { callInOutbox } from "@/tests/support/call-deliveries";
import { createContact, createSender } from "@/tests/support/delivery-fixtures";
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from "@/tests/support/twilio-sink";

// Without a Twilio account (development), a call lands in the dev outbox and its keys are pressed
// there: a signed POST to the call's Gather action, as Twilio posts it, through the real handler.

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const EN = 'voice="Polly.Joanna-Neural" language="en-US"';

afterEach(() => {
  setOutboxSettings(undefined);
  setTwilioConfig(undefined);
});

let phones = 0;
const phone = () => `+1212558${String(1000 + phones++).padStart(4, "0")}`;

async function callToOutbox(options: { askConfirmation?: boolean; locale?: "en" | "es" } = {}) {
  const user = await createSender();
  const number = phone();
  const contact = await createContact(user.id, {
    phone: number,
    timezone: "UTC",
    locale: options.locale ?? "en",
  });
  const call = await callInOutbox(user.id, contact.id, options);
  return { ...call, user, contact, number };
}

const press = (messageId: number, key: string) =>
  callRoute<{ status: number; answers: string[]; redirect?: boolean; hungUp?: boolean }>(
    outboxReply,
    "/dev/outbox/reply",
    { method: "POST", body: { messageId, body: key } },
  );
const deliveryOf = async (id: number) => (await db.select().from(deliveries).where(eq(deliveries.id, id)))[0];
const repliesOf = (id: number) =>
  db.select().from(deliveryReplies).where(eq(deliveryReplies.deliveryId, id)).orderBy(deliveryReplies.id);
/** The lines the outbox kept after the call's own entry (the answers to its keys). */
const linesAfter = (message: { id: number; to: string }) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, message.to), gt(outboxMessages.id, message.id)))
    .orderBy(outboxMessages.id);

describe("a call's keypad in the dev outbox", () => {
  it("the call is shown as its script, with the keypad's gather URL", async () => {
    const { message, delivery } = await callToOutbox();
    const call = outboxCallOf(message);
    expect(call.gatherUrl).toBe(`http://localhost:3000/api/webhooks/twilio/voice/gather?d=${delivery.id}`);
    expect(call.key).toBeNull();
    expect(call.steps.map((step) => step.kind)).toEqual([
      "say",
      "pause",
      "say",
      "gather",
      "gather",
      "say",
      "hangup",
    ]);
    expect(call.steps[0]).toEqual({ kind: "say", text: "A message from Ana Pérez, through Remindful." });
    expect(call.steps[2]).toEqual({ kind: "say", text: "Call grandma" });
  });

  it("1 confirms through the gather route: what the call says is answered and kept as the call's next line", async () => {
    const { message, delivery, callSid, number } = await callToOutbox();
    const res = await press(message.id, "1");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 200,
      answers: ["Thank you, confirmed. Goodbye."],
      redirect: false,
      hungUp: true,
    });
    expect((await deliveryOf(delivery.id)).confirmation).toBe("confirmed");
    expect(
      (await repliesOf(delivery.id)).map((r) => [r.channel, r.body, r.action, r.providerMessageId]),
    ).toEqual([["call", "1", "confirm", `${callSid}:1`]]);
    const [line] = await linesAfter(message);
    expect(line).toMatchObject({
      channel: "call",
      to: number,
      from: message.from,
      text: `${HEAD}<Response><Say ${EN}>Thank you, confirmed. Goodbye.</Say><Hangup/></Response>`,
    });
    // A line of the call, not a call: no keypad, and it names its key.
    expect(outboxCallOf(line)).toMatchObject({ gatherUrl: null, key: "1" });
    expect((await press(line.id, "1")).status).toBe(400);
  });

  it("2, 3 and 9 act as on a real call; 0 plays the message again, another key says it does nothing", async () => {
    const declined = await callToOutbox({ locale: "es" });
    expect((await press(declined.message.id, "2")).json.answers).toEqual(["Entendido: cancelado. Adiós."]);
    expect((await deliveryOf(declined.delivery.id)).confirmation).toBe("declined");

    const snoozed = await callToOutbox();
    expect((await press(snoozed.message.id, "3")).json.answers).toEqual([
      "We will call you again in one hour. Goodbye.",
    ]);
    const resends = await db
      .select()
      .from(deliveries)
      .where(eq(deliveries.snoozedFromId, snoozed.delivery.id));
    expect(resends.map((d) => [d.channel, d.status])).toEqual([["call", "queued"]]);

    const stopped = await callToOutbox();
    expect((await press(stopped.message.id, "9")).json.answers).toEqual([
      "You will receive no more calls from Ana Pérez. Goodbye.",
    ]);
    expect((await db.select().from(contacts).where(eq(contacts.id, stopped.contact.id)))[0].callOptOut).toBe(
      true,
    );

    const again = await callToOutbox();
    expect((await press(again.message.id, "0")).json).toEqual({
      status: 200,
      answers: [],
      redirect: true,
      hungUp: false,
    });
    expect((await press(again.message.id, "7")).json).toEqual({
      status: 200,
      answers: ["Sorry, that key does nothing here."],
      redirect: true,
      hungUp: false,
    });
    expect(await repliesOf(again.delivery.id)).toHaveLength(0);
    expect(
      (await linesAfter(again.message)).map((line) => outboxCallOf(line).steps.map((s) => s.kind)),
    ).toEqual([["redirect"], ["say", "redirect"]]);
  });

  it("a call that asks for no confirmation offers 8, 9 and 0 only: 1, 2 and 3 do nothing there and are not kept", async () => {
    const { message, delivery } = await callToOutbox({ askConfirmation: false });
    const call = outboxCallOf(message);
    expect(call.keys).toEqual(["8", "9", "0"]);
    const prompt = call.steps.find((step) => step.kind === "gather");
    expect(prompt).toEqual({
      kind: "gather",
      timeout: 8,
      steps: [
        {
          kind: "say",
          text: "Press 0 to hear the message again, or 9 to stop calls from Ana Pérez. Press 8 to receive a link to choose how you hear from Ana Pérez.",
        },
      ],
    });
    for (const key of ["1", "2", "3"]) {
      expect((await press(message.id, key)).json).toEqual({
        status: 200,
        answers: ["Sorry, that key does nothing here."],
        redirect: true,
        hungUp: false,
      });
    }
    expect(await repliesOf(delivery.id)).toHaveLength(0);
    expect((await deliveryOf(delivery.id)).confirmation).toBeNull();
    // One that asks offers every key.
    const asking = await callToOutbox();
    expect(outboxCallOf(asking.message).keys).toEqual(["1", "2", "3", "8", "9", "0"]);
  });

  it("a key pressed again is a replay: nothing changes twice", async () => {
    const { message, delivery } = await callToOutbox();
    await press(message.id, "3");
    const second = await press(message.id, "3");
    expect(second.json.answers).toEqual(["We will call you again in one hour. Goodbye."]);
    expect(await repliesOf(delivery.id)).toHaveLength(1);
    expect(await db.select().from(deliveries).where(eq(deliveries.snoozedFromId, delivery.id))).toHaveLength(
      1,
    );
  });

  it("takes one key only", async () => {
    const { message, delivery } = await callToOutbox();
    for (const body of ["12", "a", "YES"]) expect((await press(message.id, body)).status).toBe(400);
    expect(await repliesOf(delivery.id)).toHaveLength(0);
  });

  it("goes through the gather route's signature check: a forged key is refused; production has no outbox", async () => {
    const { message, delivery, callSid, number, contact } = await callToOutbox();
    const optedOut = async () =>
      (await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].callOptOut;
    const forged = await callRoute(gather, `/api/webhooks/twilio/voice/gather?d=${delivery.id}`, {
      method: "POST",
      body: new URLSearchParams({
        CallSid: callSid,
        AccountSid: `AC${"0".repeat(32)}`,
        From: "+15555550100",
        To: number,
        Digits: "1",
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "forged" },
    });
    expect(forged.status).toBe(403);
    expect(await repliesOf(delivery.id)).toHaveLength(0);

    // The very request a key press sends, kept to replay once this is a production server.
    let signed: Request | undefined;
    await replyFromOutbox(message.id, "9", async (request) => {
      signed = request.clone();
      return gather(new NextRequest(request), { params: Promise.resolve({}) });
    });
    expect(await optedOut()).toBe(true);
    await db.delete(deliveryReplies).where(eq(deliveryReplies.deliveryId, delivery.id));
    await db.update(contacts).set({ callOptOut: false }).where(eq(contacts.id, contact.id));

    setOutboxSettings({ nodeEnv: "production", devOutbox: false, appUrl: "https://remindful.example" });
    expect((await press(message.id, "9")).status).toBe(404);
    const replayed = await gather(new NextRequest(signed!), { params: Promise.resolve({}) });
    expect(replayed.status).toBe(403);
    expect(await repliesOf(delivery.id)).toHaveLength(0);
    expect(await optedOut()).toBe(false);

    // With a real Twilio account, keys come from Twilio.
    setOutboxSettings(undefined);
    setTwilioConfig({
      accountSid: TEST_ACCOUNT_SID,
      authToken: TEST_AUTH_TOKEN,
      smsFrom: "+15005550006",
      whatsappTemplates: {},
      smsMps: 1,
      whatsappMps: 1,
      validityPeriod: 14_400,
      timeoutMs: 1_000,
      apiBase: "http://127.0.0.1:9",
    });
    expect((await press(message.id, "1")).status).toBe(409);
  });
});
