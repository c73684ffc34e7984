import { describe, expect, it } from "vitest";
import { GET as reminderDeliveries } from "@/app/api/reminders/[id]/deliveries/route";
import { POST as retry } from "@/app/api/reminders/[id]/retry/route";
import { POST as status } from "@/app/api/webhooks/twilio/status/route";
import { runBatch } from "@/lib/delivery/run-batch";
import { MAX_ATTEMPTS, RETRY_JITTER, RETRY_SCHEDULE_MS } from "@/lib/delivery/constants";
import type { DeliveryEntry } from "@/lib/activity/to-delivery-entry";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createReminder } from "@/tests/support/delivery-fixtures";
import { loopbackPeers } from "@/tests/support/peers";
import { statusCallbackFor, useTwilioSink } from "@/tests/support/twilio-sink";
import { createSignedInUser } from "@/tests/support/users";

const peers = loopbackPeers();

// 15:00 UTC onwards, a minute apart: daytime in the senders' zone (UTC), no quiet hours.
let clockAt = new Date("2033-03-01T15:00:00Z").getTime();
function nextDue() {
  clockAt += 60_000;
  return new Date(clockAt);
}
const at =
  (date: Date, plus = 0) =>
  () =>
    new Date(date.getTime() + plus);

async function sender(overrides: Parameters<typeof createSignedInUser>[0] = {}) {
  return createSignedInUser({ remindersQuota: 100, ...overrides });
}

/** The reminder's history through the route, as the screen reads it. */
async function historyOf(cookie: string, reminderId: string) {
  const res = await callRoute<DeliveryEntry[]>(
    reminderDeliveries,
    `/api/reminders/${reminderId}/deliveries`,
    {
      cookie,
      params: { id: reminderId },
    },
  );
  expect(res.status).toBe(200);
  return res.json;
}

async function failOnce(
  overrides: {
    contact?: Parameters<typeof createContact>[1];
    user?: Parameters<typeof createSignedInUser>[0];
  },
  channel: "email" | "sms" | "whatsapp",
) {
  const { user, cookie } = await sender(overrides.user);
  const contact = await createContact(user.id, { phone: "+12125550150", ...overrides.contact });
  const due = nextDue();
  const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: channel });
  await runBatch({ workerId: "reasons", clock: at(due) });
  const [entry] = await historyOf(cookie, reminder.id);
  return { entry, user, cookie, reminder, due };
}

describe("each failure kind gives its reason, action and raw code", () => {
  it("opted out of SMS: skipped, ask the contact to reply START; Retry says why instead of failing again", async () => {
    const { entry, cookie, reminder } = await failOnce({ contact: { smsOptOut: true } }, "sms");
    expect(entry.status).toBe("skipped");
    expect(entry.reason).toMatchObject({ code: "opted_out", action: "ask_start", rawCode: "opted_out" });
    expect(entry.recipient).toBe("+12125550150");
    expect(peers.twilio.messages.some((m) => m.to === "+12125550150")).toBe(false);
    const res = await callRoute(retry, `/api/reminders/${reminder.id}/retry`, {
      method: "POST",
      cookie,
      params: { id: reminder.id },
      headers: { origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: false, error: "The contact has opted out of SMS messages" });
    const [after] = await historyOf(cookie, reminder.id);
    expect(after.status).toBe("skipped");
  });

  it("opted out of e-mail: skipped, nothing the sender can ask", async () => {
    const { entry } = await failOnce({ contact: { emailOptOut: true } }, "email");
    expect(entry.status).toBe("skipped");
    expect(entry.reason).toMatchObject({ code: "opted_out", action: "none" });
  });

  it("no phone for an SMS: add a phone; no e-mail for an e-mail: add an e-mail", async () => {
    const sms = await failOnce({ contact: { phone: null } }, "sms");
    expect(sms.entry.status).toBe("failed");
    expect(sms.entry.reason).toMatchObject({
      code: "no_phone",
      action: "add_phone",
      actionHref: "/contacts",
    });
    const email = await failOnce({ contact: { email: null } }, "email");
    expect(email.entry.reason).toMatchObject({ code: "no_email", action: "add_email" });
  });

  it("quota reached: skipped, upgrade; pay-as-you-go without credit: skipped, top up", async () => {
    const quota = await failOnce({ user: { remindersQuota: 0 } }, "email");
    expect(quota.entry.status).toBe("skipped");
    expect(quota.entry.reason).toMatchObject({ code: "quota", action: "upgrade", actionHref: "/pricing" });
    const payg = await failOnce({ user: { planType: "payg", paygCreditBalance: 0 } }, "email");
    expect(payg.entry.status).toBe("skipped");
    expect(payg.entry.reason).toMatchObject({ code: "no_credit", action: "top_up", actionHref: "/billing" });
  });

  it("Twilio 21610 (the recipient sent STOP): ask for START, raw code beside it", async () => {
    peers.twilio.setMode({
      kind: "error",
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    try {
      const { entry } = await failOnce({}, "sms");
      expect(entry.status).toBe("failed");
      expect(entry.reason).toMatchObject({ code: "twilio_21610", action: "ask_start", rawCode: "21610" });
      expect(entry.providerMessage).toBe("Attempt to send to unsubscribed recipient");
      expect(entry.attemptCount).toBe(1);
      expect(entry.firstAttemptAt).toBe(entry.lastAttemptAt);
    } finally {
      peers.twilio.setMode({ kind: "accept" });
    }
  });

  it("an unknown Twilio code maps to the generic refusal and keeps the raw code", async () => {
    peers.twilio.setMode({ kind: "error", status: 400, code: 21999, message: "Something new" });
    try {
      const { entry } = await failOnce({}, "sms");
      expect(entry.reason).toMatchObject({ code: "provider_rejected", rawCode: "21999" });
    } finally {
      peers.twilio.setMode({ kind: "accept" });
    }
  });

  it("undelivered after sent (status callback 30006): check the number", async () => {
    const { entry: sent, cookie, reminder } = await failOnce({}, "sms");
    expect(sent.status).toBe("sent");
    const sid = peers.twilio.messages.at(-1)!.sid;
    const { path, ...hook } = statusCallbackFor(peers.twilio, {
      MessageSid: sid,
      MessageStatus: "undelivered",
      ErrorCode: "30006",
    });
    expect((await callRoute(status, path, hook)).status).toBe(204);
    const [entry] = await historyOf(cookie, reminder.id);
    expect(entry.status).toBe("failed");
    expect(entry.reason).toMatchObject({ code: "twilio_30006", action: "check_number", rawCode: "30006" });
  });

  it("SMTP 550: the address was refused, check it", async () => {
    peers.smtp.setMode({ kind: "reject", code: 550, message: "Mailbox unavailable" });
    try {
      const { entry } = await failOnce({}, "email");
      expect(entry.status).toBe("failed");
      expect(entry.reason).toMatchObject({ code: "smtp_permanent", action: "check_address", rawCode: "550" });
    } finally {
      peers.smtp.setMode({ kind: "accept" });
    }
  });

  it("a provider down through every attempt: unavailable, retry; each attempt time is kept", async () => {
    peers.twilio.setMode({ kind: "error", status: 503, code: 20503, message: "Service unavailable" });
    try {
      const { user, cookie } = await sender();
      const contact = await createContact(user.id, { phone: "+12125550151" });
      // 08:30 UTC: the whole retry schedule (under 10 h) stays clear of SMS quiet hours (20:00).
      const due = new Date("2033-03-02T08:30:00Z");
      const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
      let t = 0;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await runBatch({ workerId: "reasons", clock: at(due, t) });
        if (attempt === MAX_ATTEMPTS) break;
        // Each wait is the schedule's step plus up to RETRY_JITTER of it; the next run is taken from the row.
        const [queued] = await historyOf(cookie, reminder.id);
        expect(queued.status).toBe("queued");
        const wait = new Date(queued.nextAttemptAt!).getTime() - (due.getTime() + t);
        const step = RETRY_SCHEDULE_MS[attempt - 1];
        expect(wait).toBeGreaterThanOrEqual(step);
        expect(wait).toBeLessThanOrEqual(Math.ceil(step * (1 + RETRY_JITTER)));
        t += wait;
      }
      const [entry] = await historyOf(cookie, reminder.id);
      expect(entry.status).toBe("failed");
      expect(entry.attemptCount).toBe(MAX_ATTEMPTS);
      expect(entry.firstAttemptAt).toBe(due.toISOString());
      expect(entry.lastAttemptAt).toBe(new Date(due.getTime() + t).toISOString());
      // The last attempt first asks Twilio whether the unanswered one got through; that ask fails too.
      expect(entry.reason).toMatchObject({
        code: "provider_unavailable",
        action: "retry",
        rawCode: "lookup",
      });
    } finally {
      peers.twilio.setMode({ kind: "accept" });
    }
  });

  it("a channel without its sender number: not configured", async () => {
    useTwilioSink(peers.twilio, 100, { whatsappFrom: undefined });
    try {
      const { entry } = await failOnce({}, "whatsapp");
      expect(entry.reason).toMatchObject({
        code: "channel_not_configured",
        rawCode: "channel_not_configured",
      });
    } finally {
      useTwilioSink(peers.twilio);
    }
  });

  it("held for SMS quiet hours shows when it will go", async () => {
    const { user, cookie } = await sender();
    const contact = await createContact(user.id, { phone: "+12125550152", timezone: "America/New_York" });
    const due = new Date("2033-07-01T01:30:00Z"); // 21:30 in New York
    const reminder = await createReminder(user.id, contact.id, due, { deliveryMethod: "sms" });
    await runBatch({ workerId: "reasons", clock: at(due) });
    const [entry] = await historyOf(cookie, reminder.id);
    expect(entry.status).toBe("held");
    expect(entry.nextAttemptAt).toBe("2033-07-01T12:00:00.000Z"); // 08:00 EDT
    expect(entry.reason).toBeNull();
  });
});
