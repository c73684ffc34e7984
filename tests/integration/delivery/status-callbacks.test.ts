import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  contacts,
  creditLedger,
  deliveries,
  reminders,
  webhookEndpoints,
  webhookMessages,
} from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { POST as status } from "@/app/api/webhooks/twilio/status/route";
import { callRoute } from "@/tests/support/call-route";
import {
  signedWebhook,
  startTwilioSink,
  statusCallbackFor,
  useTwilioSink,
  type TwilioSink,
} from "@/tests/support/twilio-sink";
import {
  createContact,
  createReminder,
  createSender,
  reloadWorkspace,
} from "@/tests/support/delivery-fixtures";

let sink: TwilioSink;

beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});

afterAll(async () => {
  await sink.close();
});

const STATUS_URL = "http://localhost:3000/api/webhooks/twilio/status";
const workspaceOf = (id: string) => reloadWorkspace(id);
const reminderOf = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const deliveryOf = async (reminderId: string) =>
  (await db.select().from(deliveries).where(eq(deliveries.reminderId, reminderId)))[0];

/** Posted as Twilio posts it: to the message's own callback URL, with its recipient. */
async function callback(params: Record<string, string>, url?: string) {
  const { path, ...request } = statusCallbackFor(sink, params, url);
  return callRoute(status, path, request);
}

async function sentSms(overrides: Parameters<typeof createSender>[0], phone: string, due: Date) {
  const user = await createSender(overrides);
  const contact = await createContact(user.id, { phone, timezone: "UTC" });
  const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
  await runBatch({ workerId: "w", clock: () => due });
  const row = await deliveryOf(reminder.id);
  expect(row.status).toBe("sent");
  return { user, contact, reminder, sid: row.providerMessageId! };
}

describe("status callbacks change what the user sees", () => {
  it("undelivered after sent: the occurrence and the reminder fail with the provider's code, usage refunded once", async () => {
    const { user, reminder, sid } = await sentSms(
      { remindersUsedCurrentPeriod: 2 },
      "+12125550501",
      new Date("2031-11-01T12:00:00Z"),
    );
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(3);
    expect((await reminderOf(reminder.id)).status).toBe("sent");

    const params = { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" };
    // Twilio may post a callback more than once: the second changes nothing.
    for (let i = 0; i < 3; i++) expect((await callback(params)).status).toBe(204);

    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("failed");
    expect(row.errorCode).toBe("30003");
    expect(row.error).toBe("The provider reported the message as undelivered (error 30003)");
    const after = await reminderOf(reminder.id);
    expect(after.status).toBe("failed");
    expect(after.lastError).toBe(row.error);
    expect((await workspaceOf(user.id)).remindersUsedCurrentPeriod).toBe(2);
  });

  it("concurrent replays of a failed callback refund a pay-as-you-go cent exactly once", async () => {
    const { user, sid } = await sentSms(
      { planType: "payg", paygCreditBalance: 10, remindersQuota: 0 },
      "+12125550502",
      new Date("2031-11-02T12:00:00Z"),
    );
    expect((await workspaceOf(user.id)).paygCreditBalance).toBe(9);
    const params = { MessageSid: sid, MessageStatus: "failed", ErrorCode: "30007" };
    const answers = await Promise.all(Array.from({ length: 4 }, () => callback(params)));
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204, 204]);
    expect((await workspaceOf(user.id)).paygCreditBalance).toBe(10);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.workspaceId, user.id));
    expect(ledger.map((l) => [l.reason, l.amountCents]).sort()).toEqual([
      ["delivery", -1],
      ["refund", 1],
    ]);
  });

  it("a recurring reminder keeps its schedule; 21610 in a callback opts the contact out of SMS", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, { phone: "+12125550503", timezone: "UTC" });
    const due = new Date("2031-11-03T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, {
      deliveryMethod: "sms",
      scheduleType: "recurring",
      scheduledFor: due,
      frequency: "daily",
      time: "12:00",
      endCondition: "never",
      timezone: "UTC",
    });
    await runBatch({ workerId: "w", clock: () => due });
    const sid = (await deliveryOf(reminder.id)).providerMessageId!;
    await callback({ MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "21610" });
    expect((await deliveryOf(reminder.id)).status).toBe("failed");
    const after = await reminderOf(reminder.id);
    expect(after.status).toBe("scheduled");
    expect(after.lastError).toContain("21610");
    expect((await db.select().from(contacts).where(eq(contacts.id, contact.id)))[0].smsOptOut).toBe(true);
  });

  it("a WhatsApp message failed for the 24-hour window says so", async () => {
    const user = await createSender();
    const contact = await createContact(user.id, {
      phone: "+12125550506",
      whatsappConsentAt: new Date("2030-01-01T00:00:00Z"),
      whatsappConsentSource: "website",
    });
    const due = new Date("2031-11-06T12:00:00Z");
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "whatsapp" });
    await runBatch({ workerId: "w", clock: () => due });
    const sid = (await deliveryOf(reminder.id)).providerMessageId!;
    await callback({ MessageSid: sid, MessageStatus: "failed", ErrorCode: "63016" });
    const row = await deliveryOf(reminder.id);
    expect(row.errorCode).toBe("63016");
    expect(row.error).toBe("WhatsApp refused a free-form message outside the 24-hour window (error 63016)");
  });

  it("a malformed callback is a 400 with a clear reason and changes nothing", async () => {
    const { reminder, sid } = await sentSms({}, "+12125550504", new Date("2031-11-04T12:00:00Z"));
    const cases: [Record<string, string>, RegExp][] = [
      [{ MessageStatus: "failed", ErrorCode: "30003" }, /^MessageSid: /],
      [{ MessageSid: "SM1", MessageStatus: "failed" }, /^MessageSid: Invalid message SID$/],
      [{ MessageSid: sid, MessageStatus: "exploded" }, /^MessageStatus: /],
      [{ MessageSid: sid, MessageStatus: "failed", ErrorCode: "thirty" }, /^ErrorCode: Invalid error code$/],
    ];
    for (const [params, message] of cases) {
      const res = await callback(params, STATUS_URL);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
  });

  it("a callback applies only where its SID, its URL's delivery marker and its recipient agree", async () => {
    const a = await sentSms({}, "+12125550507", new Date("2031-11-07T12:00:00Z"));
    const b = await sentSms({}, "+12125550508", new Date("2031-11-07T12:00:00Z"));
    const otherMarker = sink.messages.find((m) => m.sid === b.sid)!.statusCallback!;
    const failed = { MessageSid: a.sid, MessageStatus: "failed", ErrorCode: "30003" };
    const misdirected: [Record<string, string>, string | undefined][] = [
      [failed, otherMarker], // another delivery's marker
      [failed, STATUS_URL], // no marker
      [{ ...failed, To: "+12125550508" }, undefined], // another recipient
      [{ ...failed, To: "whatsapp:+12125550507" }, undefined], // another channel
    ];
    for (const [params, url] of misdirected) expect((await callback(params, url)).status).toBe(204);
    expect((await deliveryOf(a.reminder.id)).status).toBe("sent");
    expect((await deliveryOf(b.reminder.id)).status).toBe("sent");
    expect((await workspaceOf(a.user.id)).remindersUsedCurrentPeriod).toBe(1);
    // Without To (not sent by Twilio) nothing is matched either.
    const bare = signedWebhook(`${STATUS_URL}?d=delivery-${(await deliveryOf(a.reminder.id)).id}`, failed);
    await callRoute(
      status,
      `/api/webhooks/twilio/status?d=delivery-${(await deliveryOf(a.reminder.id)).id}`,
      {
        method: "POST",
        ...bare,
      },
    );
    expect((await deliveryOf(a.reminder.id)).status).toBe("sent");

    expect((await callback(failed)).status).toBe(204);
    expect((await deliveryOf(a.reminder.id)).status).toBe("failed");
  });

  it("queued and sent callbacks change nothing; delivered marks the delivery delivered, its event says when it was sent", async () => {
    const due = new Date("2031-11-05T12:00:00Z");
    const { user, reminder, sid } = await sentSms({}, "+12125550505", due);
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example/sms",
      events: ["delivery.delivered"],
      secret: "whsec_dGVzdA==",
    });
    await callback({ MessageSid: sid, MessageStatus: "sent" });
    expect((await deliveryOf(reminder.id)).status).toBe("sent");
    await callback({ MessageSid: sid, MessageStatus: "delivered" });
    const row = await deliveryOf(reminder.id);
    expect(row.status).toBe("delivered");
    expect((await reminderOf(reminder.id)).status).toBe("sent");
    const events = await db.select().from(webhookMessages).where(eq(webhookMessages.workspaceId, user.id));
    expect(events.map((e) => e.payload)).toMatchObject([
      {
        type: "delivery.delivered",
        data: {
          deliveryId: String(row.id),
          sentAt: due.toISOString(),
          deliveredAt: row.deliveredAt!.toISOString(),
        },
      },
    ]);
  });
});
