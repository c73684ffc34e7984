import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory (the voice reminder's recording), set before lib/env is read.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-calls-answered-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq } from "drizzle-orm";
import { reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { verifyTwilioSignature } from "@/lib/channels/verify-twilio-signature";
import { createReadyMedia, patternBytes } from "../../support/media-fixtures";
import { APP, callReminder, callsOf, callsSuite, deliveryOf, workspaceOf } from "../../support/calls-suite";
import { TEST_AUTH_TOKEN, TEST_SMS_FROM, TEST_VOICE_FROM, useTwilioSink } from "../../support/twilio-sink";
import type { CallStep } from "../../support/twilio-calls-peer";

/** The keypad's Gather action as a stand-in route: records what the peer posts there. */
const pressed: { url: string; params: Record<string, string>; signed: boolean }[] = [];
const gatherStandIn = {
  async POST(request: Request) {
    const params = Object.fromEntries(new URLSearchParams(await request.text()));
    const signed = verifyTwilioSignature(
      TEST_AUTH_TOKEN,
      request.url,
      params,
      request.headers.get("x-twilio-signature"),
    );
    pressed.push({ url: request.url, params, signed });
    return new Response(`<?xml version="1.0" encoding="UTF-8"?><Response><Say>OK</Say><Hangup/></Response>`, {
      headers: { "content-type": "text/xml" },
    });
  },
};

const suite = callsSuite({ routes: { "/api/webhooks/twilio/voice/gather": gatherStandIn } });

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const steps = <K extends CallStep["kind"]>(log: CallStep[], kind: K) =>
  log.filter((s): s is Extract<CallStep, { kind: K }> => s.kind === kind);

async function placeCall(options: Parameters<typeof callReminder>[0] = {}) {
  const placed = await callReminder(options);
  await runBatch({ workerId: "w", clock: () => placed.at });
  const delivery = await deliveryOf(placed.reminder.id);
  expect(delivery.status).toBe("sent");
  const call = suite.twilio.calls.calls.find((c) => c.sid === delivery.providerMessageId);
  expect(call).toBeDefined();
  return { ...placed, delivery, call: call! };
}

describe("a reminder call answered by a person", () => {
  it("is created as Twilio's Calls API takes it, says who it is from in Spanish, reads the message, offers the keypad", async () => {
    const { user, delivery, call, phone } = await placeCall();
    const [row] = await callsOf(delivery.id);
    expect(row).toMatchObject({ callSid: call.sid, status: "queued", workspaceId: user.id });
    // Three reminders of quota for a call.
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(3);
    expect(call).toMatchObject({
      to: phone,
      from: TEST_SMS_FROM,
      url: `${APP}/api/webhooks/twilio/voice?d=${delivery.id}`,
      method: "POST",
      statusCallback: `${APP}/api/webhooks/twilio/voice/status?d=${delivery.id}`,
      statusCallbackMethod: "POST",
      statusCallbackEvents: ["initiated", "ringing", "answered", "completed"],
      timeout: "30",
      timeLimit: "300",
      machineDetection: "DetectMessageEnd",
    });

    await suite.twilio.calls.run(call.sid);
    const callbacks = steps(call.log, "callback");
    expect(callbacks.map((c) => [c.params.CallStatus, c.params.SequenceNumber, c.status])).toEqual([
      ["initiated", "0", 204],
      ["ringing", "1", 204],
      ["in-progress", "2", 204],
      ["completed", "3", 204],
    ]);
    const [twiml] = steps(call.log, "twiml");
    expect(twiml).toMatchObject({ status: 200, params: { AnsweredBy: "human" } });
    expect(steps(call.log, "say")).toEqual([
      {
        kind: "say",
        text: "Un mensaje de Ana Pérez, a través de Remindful.",
        voice: "Polly.Lucia-Neural",
        language: "es-ES",
      },
      { kind: "say", text: "Feliz cumpleaños, abuelo", voice: "Polly.Lucia-Neural", language: "es-ES" },
      ...Array(2).fill(expect.objectContaining({ text: expect.stringContaining("Pulse 0") })),
      { kind: "say", text: "Adiós.", voice: "Polly.Lucia-Neural", language: "es-ES" },
    ]);
    expect(steps(call.log, "gather").map((g) => g.action)).toEqual(
      Array(2).fill(`${APP}/api/webhooks/twilio/voice/gather?d=${delivery.id}`),
    );

    const after = await deliveryOf(delivery.reminderId);
    expect(after).toMatchObject({ status: "delivered", callOutcome: "answered" });
    expect(after.deliveredAt).not.toBeNull();
    const [done] = await callsOf(delivery.id);
    expect(done).toMatchObject({ status: "completed", answeredBy: "human", durationSeconds: 30 });
    expect(done.answeredAt).not.toBeNull();
    expect(done.endedAt).not.toBeNull();
  });

  it("presses a key: the digit goes to the Gather action, signed as Twilio signs", async () => {
    const phone = "+34910000001";
    suite.twilio.calls.scenario(phone, { answer: "person", digits: ["1"] });
    const { delivery, call } = await placeCall({ phone });
    pressed.length = 0;
    await suite.twilio.calls.run(call.sid);
    expect(pressed).toHaveLength(1);
    expect(pressed[0]).toMatchObject({
      url: `${APP}/api/webhooks/twilio/voice/gather?d=${delivery.id}`,
      params: { CallSid: call.sid, Digits: "1", To: phone },
      signed: true,
    });
    // What the action answered is what the call did next.
    expect(steps(call.log, "say").at(-1)?.text).toBe("OK");
  });

  it("calls from TWILIO_VOICE_FROM when it is set; a delivered event carries the outcome", async () => {
    const { user, contact, reminder } = await callReminder();
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example/calls",
      events: ["delivery.delivered"],
      secret: "whsec_dGVzdA==",
    });
    useTwilioSink(suite.twilio, 100, { voiceFrom: TEST_VOICE_FROM });
    try {
      await runBatch({ workerId: "w", clock: () => new Date() });
    } finally {
      useTwilioSink(suite.twilio, 100);
    }
    const delivery = await deliveryOf(reminder.id);
    const call = suite.twilio.calls.calls.find((c) => c.sid === delivery.providerMessageId)!;
    expect(call.from).toBe(TEST_VOICE_FROM);
    await suite.twilio.calls.run(call.sid);
    const events = await db.select().from(webhookMessages).where(eq(webhookMessages.workspaceId, user.id));
    expect(events.map((e) => e.eventType)).toEqual(["delivery.delivered"]);
    expect(events[0].payload).toMatchObject({
      type: "delivery.delivered",
      data: {
        deliveryId: String(delivery.id),
        contactId: contact.id,
        channel: "call",
        callOutcome: "answered",
        sentAt: delivery.sentAt!.toISOString(),
      },
    });
  });
});

describe("a reminder call answered by a voicemail", () => {
  it("leaves the message after the greeting, without the keypad; the History reads voicemail", async () => {
    const phone = "+34910000002";
    suite.twilio.calls.scenario(phone, { answer: "machine" });
    const { delivery, call } = await placeCall({ phone });
    await suite.twilio.calls.run(call.sid);
    const [twiml] = steps(call.log, "twiml");
    expect(twiml.params.AnsweredBy).toBe("machine_end_beep");
    expect(twiml.body).not.toContain("<Gather");
    expect(steps(call.log, "gather")).toEqual([]);
    expect(steps(call.log, "say").map((s) => s.text)).toEqual([
      "Un mensaje de Ana Pérez, a través de Remindful.",
      "Feliz cumpleaños, abuelo",
      "Adiós.",
    ]);
    expect(await deliveryOf(delivery.reminderId)).toMatchObject({
      status: "delivered",
      callOutcome: "voicemail",
    });
    const [row] = await callsOf(delivery.id);
    expect(row).toMatchObject({ status: "completed", answeredBy: "machine_end_beep" });
  });
});

describe("a voice reminder's call", () => {
  it("plays the recording from its expiring link, which answers the MP3 only for that call", async () => {
    const placed = await callReminder();
    const clip = await createReadyMedia(placed.user.id, "voice", { playback: patternBytes(1_500) });
    await db
      .update(reminders)
      .set({ type: "voice", mediaId: clip.id })
      .where(eq(reminders.id, placed.reminder.id));
    await runBatch({ workerId: "w", clock: () => placed.at });
    const delivery = await deliveryOf(placed.reminder.id);
    const call = suite.twilio.calls.calls.find((c) => c.sid === delivery.providerMessageId)!;
    await suite.twilio.calls.run(call.sid);
    const says = steps(call.log, "say").map((s) => s.text);
    expect(says[0]).toBe("Un mensaje de Ana Pérez, a través de Remindful.");
    // The recording replaces the text: nothing read aloud between the greeting and the keypad.
    expect(says[1]).toMatch(/^Pulse 0/);
    const [play] = steps(call.log, "play");
    expect(play.url).toMatch(new RegExp(`^${APP}/api/play/[A-Za-z0-9_-]{38}/call\\.mp3$`));
    expect(play).toMatchObject({ status: 200, contentType: "audio/mpeg", bytes: 1_500 });
    expect((await deliveryOf(placed.reminder.id)).status).toBe("delivered");
  });
});
