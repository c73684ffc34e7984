import { rm } from "node:fs/promises";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory (a video reminder's clip), set before lib/env is read.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-calls-admission-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq, inArray } from "drizzle-orm";
import { deliveries, deliveryCalls, outboxMessages } from "@/db/schema";
import { callTwiml } from "@/lib/channels/call-twiml";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { db } from "@/lib/db";
import { retryReminder } from "@/lib/delivery/retry-reminder";
import { runBatch } from "@/lib/delivery/run-batch";
import { createContact, createReminder, createSender } from "../../support/delivery-fixtures";
import { createReadyMedia } from "../../support/media-fixtures";
import { noonZone } from "../../support/noon-zone";
import {
  APP,
  callReminder,
  callsOf,
  callsSuite,
  deliveryOf,
  nextPhone,
  workspaceOf,
} from "../../support/calls-suite";
import { useTwilioSink } from "../../support/twilio-sink";

const suite = callsSuite();

afterEach(() => useTwilioSink(suite.twilio));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const calledAt = (phone: string) => suite.twilio.calls.calls.filter((c) => c.to === phone);

/** A call reminder refused before anything is placed: its code, no call, nothing charged. */
async function refused(options: Parameters<typeof callReminder>[0], code: string) {
  const placed = await callReminder(options);
  await runBatch({ workerId: "w", clock: () => placed.at });
  const delivery = await deliveryOf(placed.reminder.id);
  expect(delivery).toMatchObject({ status: "failed", errorCode: code });
  expect(calledAt(placed.phone)).toEqual([]);
  expect(await callsOf(delivery.id)).toEqual([]);
  expect((await workspaceOf(placed.user.id)).remindersUsedCurrentPeriod).toBe(0);
  return delivery;
}

describe("what is never called", () => {
  it("a contact who pressed 9 (opted out of calls)", async () => {
    const delivery = await refused({ contact: { callOptOut: true } }, "opted_out");
    expect(delivery.error).toBe("The contact has opted out of phone call messages");
  });

  it("and Retry says so while the contact still refuses calls", async () => {
    const placed = await callReminder({ contact: { callOptOut: true } });
    await runBatch({ workerId: "w", clock: () => placed.at });
    expect(await retryReminder({ workspaceId: placed.user.id, reminderId: placed.reminder.id })).toEqual({
      success: false,
      error: "The contact has opted out of phone call messages",
    });
    expect((await deliveryOf(placed.reminder.id)).status).toBe("failed");
  });

  it("a contact without a phone number", async () => {
    await refused({ contact: { phone: null } }, "no_phone");
  });

  it("a video reminder (a call reads text or plays a recording)", async () => {
    const user = await createSender();
    const clip = await createReadyMedia(user.id, "video");
    const contact = await createContact(user.id, { phone: nextPhone(), timezone: noonZone(Date.now()) });
    const at = new Date();
    const reminder = await createReminder(user.id, contact.id, at, {
      deliveryMethod: "call",
      type: "video",
      mediaId: clip.id,
    });
    await runBatch({ workerId: "w", clock: () => at });
    const delivery = await deliveryOf(reminder.id);
    expect(delivery).toMatchObject({ status: "failed", errorCode: "call_video_unsupported" });
    expect(delivery.error).toBe("A video reminder cannot be delivered by phone call");
    expect(calledAt(contact.phone!)).toEqual([]);
  });

  it("a server without a caller ID: channel_not_configured", async () => {
    useTwilioSink(suite.twilio, 100, { smsFrom: undefined, voiceFrom: undefined });
    const delivery = await refused({}, "channel_not_configured");
    expect(delivery.error).toBe("Phone calls are not configured on this server (TWILIO_VOICE_FROM)");
  });

  it("quiet hours in the contact's zone: held until 08:00 there, nothing reserved", async () => {
    const at = new Date("2031-06-02T21:30:00Z");
    const placed = await callReminder({ at, contact: { timezone: "Europe/Madrid" } });
    await runBatch({ workerId: "w", clock: () => at });
    const delivery = await deliveryOf(placed.reminder.id);
    // 23:30 in Madrid (UTC+2 in June): the call waits for 08:00 there.
    expect(delivery).toMatchObject({
      status: "held",
      nextAttemptAt: new Date("2031-06-03T06:00:00Z"),
      attemptCount: 0,
    });
    expect(calledAt(placed.phone)).toEqual([]);
    expect((await workspaceOf(placed.user.id)).remindersUsedCurrentPeriod).toBe(0);
  });
});

describe("the daily call cap", () => {
  // Through Twilio, batches of calls also take turns on the account's pacing row; through the
  // dev outbox nothing is paced, and the account's lock alone keeps the count exact.
  it.each(["Twilio", "the dev outbox"])(
    "two engines racing over 12 calls of an account allowed 10 a day (through %s) place 10; the rest fail, nothing charged for them",
    async (via) => {
      if (via !== "Twilio") setTwilioConfig(undefined);
      const user = await createSender({ planType: "trial" });
      const at = new Date();
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const contact = await createContact(user.id, {
          phone: nextPhone(),
          timezone: noonZone(at.getTime()),
        });
        ids.push((await createReminder(user.id, contact.id, at, { deliveryMethod: "call" })).id);
      }
      await Promise.all([runBatch({ workerId: "a", limit: 6 }), runBatch({ workerId: "b", limit: 6 })]);
      const rows = await db.select().from(deliveries).where(inArray(deliveries.reminderId, ids));
      expect(rows.filter((r) => r.status === "sent")).toHaveLength(10);
      const capped = rows.filter((r) => r.status === "failed");
      expect(capped).toHaveLength(2);
      for (const row of capped) {
        expect(row).toMatchObject({
          errorCode: "call_daily_cap",
          error: "Daily call limit reached: your plan allows 10 calls a day",
        });
      }
      expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(30);
    },
  );

  it("counts the calls already placed that day (UTC), retries included; a plan without calls places none", async () => {
    const free = await refused({ sender: { planType: "free" } }, "call_daily_cap");
    expect(free.error).toBe("Daily call limit reached: your plan allows 0 calls a day");

    const at = new Date("2031-03-04T12:00:00Z");
    const user = await createSender({ planType: "trial" });
    const contact = await createContact(user.id, { phone: nextPhone(), timezone: "UTC" });
    const earlier = await createReminder(user.id, contact.id, at, { deliveryMethod: "call" });
    await runBatch({ workerId: "w", clock: () => at });
    const placed = await deliveryOf(earlier.id);
    // Nine more calls that day, as retries of it would have been.
    await db.insert(deliveryCalls).values(
      Array.from({ length: 9 }, (_, i) => ({
        callSid: `CA${String(i).padStart(32, "0")}`,
        deliveryId: placed.id,
        deliveryOccurrenceAt: placed.occurrenceAt,
        workspaceId: user.id,
        status: "no-answer" as const,
        createdAt: new Date("2031-03-04T00:00:00Z"),
      })),
    );
    const next = await createReminder(user.id, contact.id, new Date("2031-03-04T13:00:00Z"), {
      deliveryMethod: "call",
    });
    await runBatch({ workerId: "w", clock: () => new Date("2031-03-04T13:00:00Z") });
    expect(await deliveryOf(next.id)).toMatchObject({ status: "failed", errorCode: "call_daily_cap" });
    // A new day (UTC), a new allowance.
    const tomorrow = await createReminder(user.id, contact.id, new Date("2031-03-05T12:00:00Z"), {
      deliveryMethod: "call",
    });
    await runBatch({ workerId: "w", clock: () => new Date("2031-03-05T12:00:00Z") });
    expect((await deliveryOf(tomorrow.id)).status).toBe("sent");
  });
});

describe("in development without Twilio settings", () => {
  it("the call lands in the dev outbox with the TwiML a person hears and its webhooks, recorded as a call", async () => {
    setTwilioConfig(undefined);
    const placed = await callReminder();
    await runBatch({ workerId: "w", clock: () => placed.at });
    const delivery = await deliveryOf(placed.reminder.id);
    expect(delivery.status).toBe("sent");
    const id = Number(delivery.providerMessageId!.replace(/^outbox-/, ""));
    const [kept] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(kept).toMatchObject({ channel: "call", to: placed.phone, from: "+15555550100" });
    expect(JSON.parse(kept.headers!)).toEqual({
      url: `${APP}/api/webhooks/twilio/voice?d=${delivery.id}`,
      gatherUrl: `${APP}/api/webhooks/twilio/voice/gather?d=${delivery.id}`,
      // No confirmation asked: the keypad offers 8 (the preferences link), 9 (no more calls) and 0 (again) only.
      keys: ["8", "9", "0"],
    });
    expect(kept.text).toContain("<Gather");
    expect(kept.text).toContain("Feliz cumpleaños, abuelo");
    expect(kept.text).toBe(
      callTwiml(
        {
          locale: "es",
          lines: {
            greeting: "Un mensaje de Ana Pérez, a través de Remindful.",
            prompt:
              "Pulse 0 para volver a oír el mensaje o 9 para no recibir más llamadas de Ana Pérez. Pulse 8 para recibir un enlace y elegir cómo quiere recibir los mensajes de Ana Pérez.",
            goodbye: "Adiós.",
          },
          text: "Feliz cumpleaños, abuelo",
          gatherUrl: `${APP}/api/webhooks/twilio/voice/gather?d=${delivery.id}`,
        },
        "person",
      ),
    );
    expect((await callsOf(delivery.id)).map((c) => [c.callSid, c.status])).toEqual([
      [`outbox-${id}`, "queued"],
    ]);
    expect(suite.twilio.calls.calls.filter((c) => c.to === placed.phone)).toEqual([]);
  });
});
