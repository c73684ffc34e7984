import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as SEND } from "@/app/api/reminders/[id]/send/route";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { formatCivilDate, localToUtc, utcToLocal } from "@/lib/recurrence";
import { addDays } from "@/lib/recurrence/civil-date";
import { callRoute } from "@/tests/support/call-route";
import { createContact, insertReminder } from "@/tests/support/reminders";
import { createSignedInUser } from "@/tests/support/users";
import { POST as INBOUND } from "@/app/api/webhooks/twilio/inbound/route";
import { signedWebhook, startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";

let sink: TwilioSink;

beforeAll(async () => {
  sink = await startTwilioSink();
  useTwilioSink(sink);
});

afterAll(async () => {
  await sink.close();
});

// A zone where it is daytime now, so SMS quiet hours do not hold the send.
function daytimeZone(): string {
  const hour = new Date().getUTCHours();
  return hour >= 8 && hour < 20 ? "UTC" : hour < 8 ? "Asia/Tokyo" : "America/Los_Angeles";
}

/**
 * A daily SMS reminder at noon in a zone where it is daytime now (Send Now is held in quiet hours
 * too), so its next occurrence, tomorrow at noon there, is daytime as well.
 */
async function dailyReminder(phone: string, values: Partial<typeof reminders.$inferInsert> = {}) {
  const { user, cookie } = await createSignedInUser();
  const zone = daytimeZone();
  const contact = await createContact(user.id, { phone, timezone: zone });
  const today = utcToLocal(Date.now(), zone);
  const noonIn = (days: number) => localToUtc(`${formatCivilDate(addDays(today, days))}T12:00`, zone);
  const tomorrow = noonIn(1);
  const dayAfter = noonIn(2);
  const reminder = await insertReminder(user.id, contact.id, {
    scheduleType: "recurring",
    frequency: "daily",
    time: "12:00",
    timezone: zone,
    scheduledFor: tomorrow,
    nextRunAt: tomorrow,
    ...values,
  });
  const send = () =>
    callRoute<{ success: boolean; error: string | null }>(SEND, `/api/reminders/${reminder.id}/send`, {
      method: "POST",
      cookie,
      params: { id: reminder.id },
      // Sending the pending occurrence ahead is what this file is about (extra messages: send-now-extra).
      body: { mode: "occurrence" },
    });
  return { reminder, tomorrow, dayAfter, send };
}

const reload = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const rowsOf = (id: string) => db.select().from(deliveries).where(eq(deliveries.reminderId, id));

describe("Send now on a recurring reminder sends the current occurrence once", () => {
  it("two clicks one after the other: one message, the schedule moves one occurrence", async () => {
    const { reminder, tomorrow, dayAfter, send } = await dailyReminder("+12125550301");
    const first = await send();
    expect(first.json).toEqual({ success: true, error: null });
    const second = await send();
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ success: true, error: null });

    expect(sink.messages.filter((m) => m.to === "+12125550301")).toHaveLength(1);
    const rows = await rowsOf(reminder.id);
    expect(rows.map((r) => r.occurrenceAt.toISOString())).toEqual([tomorrow.toISOString()]);
    const after = await reload(reminder.id);
    expect(after.nextRunAt?.toISOString()).toBe(dayAfter.toISOString());
    expect(after.occurrencesSent).toBe(1);

    // The next occurrence is not skipped: when its time comes the engine sends it.
    await runBatch({ workerId: "w", clock: () => dayAfter });
    expect(sink.messages.filter((m) => m.to === "+12125550301")).toHaveLength(2);
    expect((await rowsOf(reminder.id)).filter((r) => r.status === "sent")).toHaveLength(2);
  });

  it("two concurrent clicks: one message, one delivery, the schedule moves one occurrence", async () => {
    const { reminder, dayAfter, send } = await dailyReminder("+12125550302");
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.some((a) => a.json.success)).toBe(true);
    for (const answer of answers) {
      if (!answer.json.success) expect(answer.json.error).toBe("This occurrence is already being sent");
    }
    expect(sink.messages.filter((m) => m.to === "+12125550302")).toHaveLength(1);
    expect(await rowsOf(reminder.id)).toHaveLength(1);
    const after = await reload(reminder.id);
    expect(after.nextRunAt?.toISOString()).toBe(dayAfter.toISOString());
  });

  it("a LATER resend waiting for an earlier occurrence does not stop Send now", async () => {
    const number = "+12125550303";
    // Due a minute ago and asking for a confirmation: the first Send now sends it on time.
    const { reminder, send } = await dailyReminder(number, {
      askConfirmation: true,
      nextRunAt: new Date(Date.now() - 60_000),
    });
    expect((await send()).json).toEqual({ success: true, error: null });
    const url = "http://localhost:3000/api/webhooks/twilio/inbound";
    const later = signedWebhook(url, {
      MessageSid: "SM00000000000000000000000000000303",
      From: number,
      To: "+15005550006",
      Body: "LATER",
    });
    const replied = await callRoute(INBOUND, "/api/webhooks/twilio/inbound", { method: "POST", ...later });
    expect(replied.status).toBe(200);
    const [, resend] = await rowsOf(reminder.id);
    expect(resend?.snoozedFromId).not.toBeNull();

    // The resend is an hour away; Send now sends the reminder's next occurrence now.
    const next = (await reload(reminder.id)).nextRunAt;
    expect((await send()).json).toEqual({ success: true, error: null });
    expect(sink.messages.filter((m) => m.to === number)).toHaveLength(2);
    const rows = await rowsOf(reminder.id);
    expect(rows.find((r) => r.occurrenceAt.getTime() === next?.getTime())?.status).toBe("sent");
    expect(rows.find((r) => r.id === resend.id)?.status).toBe("queued");
  });
});
