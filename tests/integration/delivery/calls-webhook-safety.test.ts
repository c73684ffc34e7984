import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";

// Local storage under a fresh directory (a voice reminder's recording), set before lib/env is read.
const dataDir = vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR ?? "/tmp"}/remindful-calls-safety-${process.pid}`;
  delete process.env.S3_BUCKET;
  return process.env.DATA_DIR;
});

import { eq } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { twilioSignature } from "@/lib/channels/verify-twilio-signature";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { callAudioToken } from "@/lib/media/call-audio-token";
import { createReadyMedia } from "../../support/media-fixtures";
import {
  APP,
  callReminder,
  callsOf,
  callsSuite,
  callWebhooksApp,
  deliveryOf,
} from "../../support/calls-suite";
import { TEST_ACCOUNT_SID } from "../../support/twilio-sink";

const suite = callsSuite();

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const HANG_UP = `<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>`;
const twimlUrl = (id: number) => `${APP}/api/webhooks/twilio/voice?d=${id}`;
const statusUrl = (id: number) => `${APP}/api/webhooks/twilio/voice/status?d=${id}`;

/** A call reminder sent by the engine (its call created at the peer, not run yet). */
async function sentCall() {
  const placed = await callReminder();
  await runBatch({ workerId: "w", clock: () => placed.at });
  const delivery = await deliveryOf(placed.reminder.id);
  expect(delivery.status).toBe("sent");
  return { ...placed, delivery, sid: delivery.providerMessageId! };
}

const callParams = (sid: string, to: string, status: string) => ({
  AccountSid: TEST_ACCOUNT_SID,
  CallSid: sid,
  CallStatus: status,
  To: to,
  From: "+15005550006",
  Direction: "outbound-api",
});

describe("status callbacks that are not Twilio's, or not new, change nothing", () => {
  it("unsigned, wrongly signed, or signed for another delivery's URL: refused, the call and delivery untouched", async () => {
    const { delivery, sid, phone } = await sentCall();
    const other = await sentCall();
    const completed = { ...callParams(sid, phone, "completed"), CallDuration: "20" };
    expect((await suite.twilio.calls.deliver(statusUrl(delivery.id), completed, null)).status).toBe(403);
    expect(
      (await suite.twilio.calls.deliver(statusUrl(delivery.id), completed, "bm90IGEgc2lnbmF0dXJl")).status,
    ).toBe(403);
    const forged = twilioSignature("another-account-token", statusUrl(delivery.id), completed);
    expect((await suite.twilio.calls.deliver(statusUrl(delivery.id), completed, forged)).status).toBe(403);
    // Signed as Twilio would, but for another delivery's callback URL: the call is not that delivery's.
    expect((await suite.twilio.calls.deliver(statusUrl(other.delivery.id), completed)).status).toBe(204);
    expect(await deliveryOf(delivery.reminderId)).toMatchObject({ status: "sent", deliveredAt: null });
    expect(await deliveryOf(other.reminder.id)).toMatchObject({ status: "sent", deliveredAt: null });
    expect((await callsOf(delivery.id))[0].status).toBe("queued");
    expect((await callsOf(other.delivery.id))[0].status).toBe("queued");
  });

  it("replayed or late: a call only moves forward, its outcome is recorded once", async () => {
    const { delivery, sid } = await sentCall();
    const call = await suite.twilio.calls.run(sid);
    const callbacks = call.log.filter((s) => s.kind === "callback");
    const delivered = await deliveryOf(delivery.reminderId);
    expect(delivered.status).toBe("delivered");
    const [row] = await callsOf(delivery.id);
    // Every callback again, last first (late ones after the final one): each answered, nothing moves.
    for (const callback of [...callbacks].reverse()) {
      expect(
        (await suite.twilio.calls.deliver(callback.url, { ...callback.params, CallDuration: "99" })).status,
      ).toBe(204);
    }
    expect(await deliveryOf(delivery.reminderId)).toEqual(delivered);
    expect((await callsOf(delivery.id))[0]).toEqual(row);
  });

  it("a replayed no-answer callback does not count as another unanswered call", async () => {
    const { delivery, sid, phone } = await sentCall();
    const noAnswer = { ...callParams(sid, phone, "no-answer"), CallDuration: "0" };
    expect((await suite.twilio.calls.deliver(statusUrl(delivery.id), noAnswer)).status).toBe(204);
    const queued = await deliveryOf(delivery.reminderId);
    expect(queued).toMatchObject({ status: "queued", errorCode: "no_answer" });
    expect((await suite.twilio.calls.deliver(statusUrl(delivery.id), noAnswer)).status).toBe(204);
    expect(await deliveryOf(delivery.reminderId)).toEqual(queued);
  });
});

describe("the TwiML a call answers with is only for that delivery's own calls", () => {
  it("another delivery's call, a made-up call or an expired delivery hears nothing but a hang-up", async () => {
    const { delivery, sid, phone } = await sentCall();
    const other = await sentCall();
    const ask = (id: number, callSid: string) =>
      suite.twilio.calls.deliver(twimlUrl(id), {
        ...callParams(callSid, phone, "in-progress"),
        AnsweredBy: "human",
      });

    const own = await ask(delivery.id, sid);
    expect(own.status).toBe(200);
    expect(own.text).toContain("<Gather");
    expect((await ask(delivery.id, other.sid)).text).toBe(HANG_UP);
    expect((await ask(other.delivery.id, sid)).text).toBe(HANG_UP);
    expect((await ask(delivery.id, `CA${"0".repeat(32)}`)).text).toBe(HANG_UP);
    expect(
      (await suite.twilio.calls.deliver(twimlUrl(delivery.id), callParams(sid, phone, "in-progress"), null))
        .status,
    ).toBe(403);
    // Sent more than a day ago: its call is long over.
    await db
      .update(deliveries)
      .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(deliveries.id, delivery.id));
    expect((await ask(delivery.id, sid)).text).toBe(HANG_UP);
  });
});

describe("a recording's call link", () => {
  it("is a 404 once expired, forged, or for a call that plays no recording", async () => {
    const { user, delivery, reminder } = await sentCall();
    const app = callWebhooksApp();
    const get = async (token: string) => (await app(new Request(`${APP}/api/play/${token}/call.mp3`))).status;
    const later = new Date(Date.now() + 3_600_000);
    // A text reminder's call has no recording to play.
    expect(await get(callAudioToken(delivery.id, later))).toBe(404);
    const clip = await createReadyMedia(user.id, "voice");
    await db.update(reminders).set({ type: "voice", mediaId: clip.id }).where(eq(reminders.id, reminder.id));
    const valid = callAudioToken(delivery.id, later);
    expect(await get(valid)).toBe(200);
    expect(await get(callAudioToken(delivery.id, new Date(Date.now() - 1_000)))).toBe(404);
    const altered = valid.slice(0, 20) + (valid[20] === "A" ? "B" : "A") + valid.slice(21);
    expect(await get(altered)).toBe(404);
    // The owner withdrew the delivery's links.
    await db.update(deliveries).set({ playbackRevokedAt: new Date() }).where(eq(deliveries.id, delivery.id));
    expect(await get(valid)).toBe(404);
  });
});
