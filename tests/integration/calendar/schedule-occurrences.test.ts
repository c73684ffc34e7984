import { describe, expect, it } from "vitest";
import { DELETE as cancelReminder } from "@/app/api/reminders/[id]/route";
import { getScheduleCalendar } from "@/lib/calendar/get-schedule-calendar";
import { listScheduleOccurrences } from "@/lib/calendar/list-schedule-occurrences";
import { callRoute } from "../../support/call-route";
import { insertSentDelivery } from "../../support/media-fixtures";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const MADRID = "Europe/Madrid";

/** The wall clock of an instant in a zone, read with Intl (independent of lib/recurrence). */
function wallClock(at: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "shortOffset",
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return {
    day: `${get("year")}-${get("month")}-${get("day")}`,
    weekday: get("weekday"),
    time: `${get("hour")}:${get("minute")}`,
    offset: get("timeZoneName"),
  };
}

/** A stored recurring reminder in Madrid, as the API would have written it. */
function recurring(
  userId: string,
  contactId: string,
  nextRunAt: string,
  schedule: Parameters<typeof insertReminder>[2],
) {
  return insertReminder(userId, contactId, {
    scheduleType: "recurring",
    scheduledFor: new Date(nextRunAt),
    nextRunAt: new Date(nextRunAt),
    timezone: MADRID,
    endCondition: "never",
    ...schedule,
  });
}

/** A calendar month in Madrid: from its first midnight to the next month's. */
function madridMonth(year: number, month: number) {
  const midnight = (y: number, m: number) => {
    const guess = Date.UTC(y, m - 1, 1);
    // Madrid is UTC+1 or UTC+2; its midnight is the one of these whose wall clock reads 00:00.
    const at = [1, 2]
      .map((hours) => guess - hours * 3_600_000)
      .find((ms) => wallClock(new Date(ms).toISOString(), MADRID).time === "00:00");
    return new Date(at ?? Number.NaN);
  };
  return {
    from: midnight(year, month),
    to: midnight(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1),
  };
}

describe("the Schedule's occurrences in a window", () => {
  it("shows a weekly reminder on every Sunday of October 2026 in Madrid, at 18:00 on both sides of the clock change", async () => {
    const { user } = await createSignedInUser({ timezone: MADRID, locale: "es" });
    const ana = await createContact(user.id, { name: "Ana" });
    const weekly = await recurring(user.id, ana.id, "2026-10-04T16:00:00Z", {
      frequency: "weekly",
      time: "18:00",
      days: ["Sun"],
      deliveryMethod: "whatsapp",
    });

    const calendar = await getScheduleCalendar(
      user.id,
      { view: "month", date: "2026-10-15" },
      { locale: "es", timeZone: MADRID, now: new Date("2026-09-20T10:00:00Z") },
    );
    // Spanish weeks start on Monday: 28 September to 8 November.
    expect(calendar.days).toHaveLength(42);
    expect([calendar.days[0].date, calendar.days[41].date]).toEqual(["2026-09-28", "2026-11-08"]);
    expect(calendar.title).toBe("octubre de 2026");
    expect(calendar.weekdays[0].long).toBe("lunes");

    const withOccurrences = calendar.days.filter((day) => day.occurrences.length > 0);
    expect(withOccurrences.map((day) => day.date)).toEqual([
      "2026-10-04",
      "2026-10-11",
      "2026-10-18",
      "2026-10-25",
      "2026-11-01",
      "2026-11-08",
    ]);
    const october = withOccurrences.filter((day) => day.inPeriod);
    expect(october).toHaveLength(4);
    const clocks = withOccurrences.flatMap((day) => day.occurrences.map(({ at }) => wallClock(at, MADRID)));
    expect(new Set(clocks.map((clock) => `${clock.weekday} ${clock.time}`))).toEqual(new Set(["Sun 18:00"]));
    expect(clocks.slice(0, 4).map((clock) => clock.offset)).toEqual(["GMT+2", "GMT+2", "GMT+2", "GMT+1"]);
    expect(withOccurrences.every((day) => day.occurrences.every((o) => o.reminderId === weekly.id))).toBe(
      true,
    );
    expect(calendar.reminders.map((reminder) => reminder.id)).toEqual([weekly.id]);
    expect(calendar.reminders[0]).toMatchObject({ contactName: "Ana", deliveryMethod: "whatsapp" });
    // This year's days are named without the year.
    expect(october[3].label).toBe("domingo, 25 de octubre");
  });

  it("puts a monthly reminder on the 31st on each month's last day", async () => {
    const { user } = await createSignedInUser({ timezone: MADRID });
    const contact = await createContact(user.id);
    const monthly = await recurring(user.id, contact.id, "2027-01-31T08:00:00Z", {
      frequency: "monthly",
      time: "09:00",
      dayOfMonth: 31,
    });
    const days = async (year: number, month: number) =>
      (await listScheduleOccurrences(user.id, madridMonth(year, month))).occurrences.map(
        ({ reminderId, at }) => {
          expect(reminderId).toBe(monthly.id);
          const clock = wallClock(at, MADRID);
          return `${clock.day} ${clock.time}`;
        },
      );
    expect(await days(2027, 1)).toEqual(["2027-01-31 09:00"]);
    expect(await days(2027, 2)).toEqual(["2027-02-28 09:00"]);
    expect(await days(2027, 4)).toEqual(["2027-04-30 09:00"]);
    expect(await days(2027, 5)).toEqual(["2027-05-31 09:00"]);
  });

  it("puts a yearly reminder on 29 February on the 29th in 2028 and on the 28th in 2029", async () => {
    const { user } = await createSignedInUser({ timezone: MADRID });
    const contact = await createContact(user.id);
    await recurring(user.id, contact.id, "2027-02-28T08:00:00Z", {
      frequency: "yearly",
      time: "09:00",
      month: 2,
      dayOfMonth: 29,
    });
    const calendar = await getScheduleCalendar(
      user.id,
      { view: "month", date: "2028-02-01" },
      { locale: "en", timeZone: MADRID, now: new Date("2026-11-26T10:00:00Z") },
    );
    // English weeks start on Sunday.
    expect(calendar.weekdays[0].long).toBe("Sunday");
    const shown = calendar.days.filter((day) => day.occurrences.length > 0);
    expect(shown.map((day) => day.date)).toEqual(["2028-02-29"]);
    // A day outside this year says its year.
    expect(shown[0].label).toBe("Tuesday, February 29, 2028");
    const next = await listScheduleOccurrences(user.id, madridMonth(2029, 2));
    expect(next.occurrences.map(({ at }) => wallClock(at, MADRID).day)).toEqual(["2029-02-28"]);
  });

  it("leaves out a one-time reminder outside the window, a cancelled reminder and another user's reminders", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: MADRID });
    const contact = await createContact(user.id);
    const once = await insertReminder(user.id, contact.id, {
      timezone: MADRID,
      scheduledFor: new Date("2027-01-20T09:00:00Z"),
      nextRunAt: new Date("2027-01-20T09:00:00Z"),
    });
    const weekly = await recurring(user.id, contact.id, "2027-01-04T08:00:00Z", {
      frequency: "weekly",
      time: "09:00",
      days: ["Mon"],
    });
    const other = await createSignedInUser({ timezone: MADRID });
    const theirs = await recurring(
      other.user.id,
      (await createContact(other.user.id)).id,
      "2027-01-01T08:00:00Z",
      {
        frequency: "daily",
        time: "09:00",
      },
    );
    const ids = async (userId: string, year: number, month: number) =>
      new Set(
        (await listScheduleOccurrences(userId, madridMonth(year, month))).occurrences.map(
          (o) => o.reminderId,
        ),
      );

    // January holds both of the user's reminders, and none of the other user's.
    expect(await ids(user.id, 2027, 1)).toEqual(new Set([once.id, weekly.id]));
    expect(await ids(other.user.id, 2027, 1)).toEqual(new Set([theirs.id]));
    // February: the one-time reminder is outside it.
    expect(await ids(user.id, 2027, 2)).toEqual(new Set([weekly.id]));

    const cancelled = await callRoute(cancelReminder, `/api/reminders/${weekly.id}`, {
      method: "DELETE",
      cookie,
      params: { id: weekly.id },
    });
    expect(cancelled.status).toBe(200);
    expect(await ids(user.id, 2027, 2)).toEqual(new Set());
    expect(await ids(user.id, 2027, 1)).toEqual(new Set([once.id]));
  });

  it("lists the occurrences the engine took on with their status, beside the ones to come", async () => {
    const { user } = await createSignedInUser({ timezone: MADRID });
    const contact = await createContact(user.id);
    // A daily reminder whose 1 and 2 March went out (one sent, one failed); its next run is the 3rd.
    const daily = await recurring(user.id, contact.id, "2027-03-03T08:00:00Z", {
      frequency: "daily",
      time: "09:00",
    });
    await insertSentDelivery(daily, new Date("2027-03-01T08:00:00Z"));
    await insertSentDelivery(daily, new Date("2027-03-02T08:00:00Z"), { status: "failed", sentAt: null });
    // A one-time reminder sent on the 5th: no next run, its delivery still shows it.
    const once = await insertReminder(user.id, contact.id, {
      timezone: MADRID,
      status: "sent",
      scheduledFor: new Date("2027-03-05T10:00:00Z"),
      nextRunAt: null,
    });
    await insertSentDelivery(once, new Date("2027-03-05T10:00:00Z"), { status: "delivered" });
    // Another user's delivery in the window is never read.
    const other = await createSignedInUser({ timezone: MADRID });
    const theirs = await insertReminder(other.user.id, (await createContact(other.user.id)).id, {
      timezone: MADRID,
      status: "sent",
      nextRunAt: null,
    });
    await insertSentDelivery(theirs, new Date("2027-03-04T10:00:00Z"));

    const found = await listScheduleOccurrences(user.id, madridMonth(2027, 3));
    const firstDays = found.occurrences
      .slice(0, 6)
      .map(
        (o) => `${wallClock(o.at, MADRID).day} ${o.reminderId === once.id ? "once" : "daily"} ${o.status}`,
      );
    expect(firstDays).toEqual([
      "2027-03-01 daily sent",
      "2027-03-02 daily failed",
      "2027-03-03 daily scheduled",
      "2027-03-04 daily scheduled",
      "2027-03-05 daily scheduled",
      "2027-03-05 once sent",
    ]);
    expect(found.reminders.map((r) => r.id).sort()).toEqual([daily.id, once.id].sort());
  });

  it("reads at most six weeks", async () => {
    const { user } = await createSignedInUser();
    const from = new Date("2027-01-01T00:00:00Z");
    await expect(
      listScheduleOccurrences(user.id, { from, to: new Date(from.getTime() + 43 * 86_400_000) }),
    ).rejects.toMatchObject({ kind: "invalid" });
    await expect(
      listScheduleOccurrences(user.id, { from, to: new Date(from.getTime() + 42 * 86_400_000) }),
    ).resolves.toMatchObject({ occurrences: [], truncated: false });
  });
});
