import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as HISTORY } from "@/app/api/reminders/[id]/deliveries/route";
import { POST as SEND } from "@/app/api/reminders/[id]/send/route";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { runBatch } from "@/lib/delivery/run-batch";
import { formatCivilDate, localToUtc, utcToLocal } from "@/lib/recurrence";
import { addDays } from "@/lib/recurrence/civil-date";
import { callRoute } from "@/tests/support/call-route";
import { createContact, insertReminder } from "@/tests/support/reminders";
import { createSignedInUser } from "@/tests/support/users";
import { startTwilioSink, useTwilioSink, type TwilioSink } from "@/tests/support/twilio-sink";

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

type Answer = { success: boolean; error: string | null };

/** A reminder at noon in a daytime zone, due tomorrow; `send(body)` presses Send now with that body. */
async function reminderDueTomorrow(phone: string, values: Partial<typeof reminders.$inferInsert> = {}) {
  const { user, cookie } = await createSignedInUser();
  const zone = daytimeZone();
  const contact = await createContact(user.id, { phone, timezone: zone });
  const today = utcToLocal(Date.now(), zone);
  const noonIn = (days: number) => localToUtc(`${formatCivilDate(addDays(today, days))}T12:00`, zone);
  const tomorrow = noonIn(1);
  const reminder = await insertReminder(user.id, contact.id, {
    scheduleType: "recurring",
    frequency: "daily",
    time: "12:00",
    timezone: zone,
    scheduledFor: tomorrow,
    nextRunAt: tomorrow,
    ...values,
  });
  const send = (body?: unknown) =>
    callRoute<Answer>(SEND, `/api/reminders/${reminder.id}/send`, {
      method: "POST",
      cookie,
      params: { id: reminder.id },
      body,
    });
  const history = async () =>
    (
      await callRoute<{ occurrenceAt: string; extra: boolean; status: string }[]>(
        HISTORY,
        `/api/reminders/${reminder.id}/deliveries`,
        { cookie, params: { id: reminder.id } },
      )
    ).json;
  return { reminder, tomorrow, dayAfter: noonIn(2), send, history };
}

const reload = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const rowsOf = (id: string) => db.select().from(deliveries).where(eq(deliveries.reminderId, id));
const sentTo = (phone: string) => sink.messages.filter((m) => m.to === phone);

describe("Send now on a recurring reminder: an extra message or the pending occurrence", () => {
  it("by default sends an extra message and leaves the schedule as it was", async () => {
    const phone = "+12125550401";
    const { reminder, tomorrow, send, history } = await reminderDueTomorrow(phone);
    const before = Date.now();
    const answer = await send();
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ success: true, error: null });
    expect(sentTo(phone)).toHaveLength(1);

    const after = await reload(reminder.id);
    expect(after.nextRunAt?.toISOString()).toBe(tomorrow.toISOString());
    expect(after.occurrencesSent).toBe(0);
    const rows = await rowsOf(reminder.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ extra: true, status: "sent" });
    // Its own occurrence, the moment it was sent: not tomorrow's key.
    expect(rows[0].occurrenceAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(rows[0].occurrenceAt.getTime()).toBeLessThanOrEqual(Date.now());

    // Tomorrow's occurrence still goes out when its time comes.
    await runBatch({ workerId: "w", clock: () => tomorrow });
    expect(sentTo(phone)).toHaveLength(2);
    const scheduled = (await rowsOf(reminder.id)).find((r) => !r.extra);
    expect(scheduled).toMatchObject({ status: "sent", occurrenceAt: tomorrow });

    // The History tells the two apart: newest occurrence first, the extra message marked.
    expect((await history()).map((e) => [e.occurrenceAt, e.extra, e.status])).toEqual([
      [tomorrow.toISOString(), false, "sent"],
      [rows[0].occurrenceAt.toISOString(), true, "sent"],
    ]);
  });

  it('mode "extra" given explicitly does the same', async () => {
    const phone = "+12125550402";
    const { reminder, tomorrow, send } = await reminderDueTomorrow(phone);
    expect((await send({ mode: "extra" })).json).toEqual({ success: true, error: null });
    expect(sentTo(phone)).toHaveLength(1);
    expect((await reload(reminder.id)).nextRunAt?.toISOString()).toBe(tomorrow.toISOString());
  });

  it('mode "occurrence" sends the pending occurrence and moves the schedule', async () => {
    const phone = "+12125550403";
    const { reminder, tomorrow, dayAfter, send, history } = await reminderDueTomorrow(phone);
    expect((await send({ mode: "occurrence" })).json).toEqual({ success: true, error: null });
    expect(sentTo(phone)).toHaveLength(1);
    const after = await reload(reminder.id);
    expect(after.nextRunAt?.toISOString()).toBe(dayAfter.toISOString());
    expect(after.occurrencesSent).toBe(1);
    const rows = await rowsOf(reminder.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ extra: false, occurrenceAt: tomorrow, status: "sent" });
    expect((await history()).map((e) => e.extra)).toEqual([false]);
  });

  it("two concurrent presses send one extra message", async () => {
    const phone = "+12125550404";
    const { reminder, tomorrow, send } = await reminderDueTomorrow(phone);
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.some((a) => a.json.success)).toBe(true);
    for (const answer of answers) {
      if (!answer.json.success) expect(answer.json.error).toBe("This occurrence is already being sent");
    }
    expect(sentTo(phone)).toHaveLength(1);
    expect(await rowsOf(reminder.id)).toHaveLength(1);
    expect((await reload(reminder.id)).nextRunAt?.toISOString()).toBe(tomorrow.toISOString());
  });

  it("a second press right after the first sends nothing more and answers the first one's state", async () => {
    const phone = "+12125550405";
    const { reminder, send } = await reminderDueTomorrow(phone);
    expect((await send()).json).toEqual({ success: true, error: null });
    expect((await send()).json).toEqual({ success: true, error: null });
    expect(sentTo(phone)).toHaveLength(1);
    expect(await rowsOf(reminder.id)).toHaveLength(1);
  });

  it("a one-time reminder ignores the mode: its only occurrence is sent and it ends", async () => {
    const phone = "+12125550406";
    const { reminder, tomorrow, send } = await reminderDueTomorrow(phone, {
      scheduleType: "once",
      frequency: null,
    });
    expect((await send({ mode: "extra" })).json).toEqual({ success: true, error: null });
    expect(sentTo(phone)).toHaveLength(1);
    const rows = await rowsOf(reminder.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ extra: false, occurrenceAt: tomorrow });
    expect((await reload(reminder.id)).nextRunAt).toBeNull();
  });

  it("refuses an unknown mode with a 400", async () => {
    const { send } = await reminderDueTomorrow("+12125550407");
    expect((await send({ mode: "twice" })).status).toBe(400);
    expect(sentTo("+12125550407")).toHaveLength(0);
  });
});
