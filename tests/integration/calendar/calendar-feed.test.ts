import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it, onTestFinished } from "vitest";
import { GET } from "@/app/api/calendar/[file]/route";
import { DELETE as cancelReminder } from "@/app/api/reminders/[id]/route";
import { POST as createReminder } from "@/app/api/reminders/route";
import { reminders, workspaceMembers } from "@/db/schema";
import { rotateCalendarToken } from "@/lib/calendar/rotate-calendar-token";
import { db } from "@/lib/db";
import { nextOccurrences } from "@/lib/recurrence";
import { scheduleFromRow } from "@/lib/recurrence/schedule-from-row";
import { env } from "@/lib/env";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createContact } from "../../support/reminders";
import { icalJsOccurrences, pythonOccurrences } from "../../support/feed-occurrences-ical";
import { createSignedInUser } from "../../support/users";

/** How far the tests read the feed: its whole window and a day more. */
const HORIZON_MS = 367 * 86_400_000;

/**
 * The feed read back by ical.js (an independent RFC 5545 parser), not by our own writer's logic:
 * its calendar properties and the occurrences a calendar app would show in the year ahead.
 */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const now = Date.now();
  return {
    name: String(calendar.getFirstPropertyValue("x-wr-calname")),
    method: String(calendar.getFirstPropertyValue("method")),
    version: String(calendar.getFirstPropertyValue("version")),
    prodId: String(calendar.getFirstPropertyValue("prodid")),
    events: icalJsOccurrences(text, new Date(now - 86_400_000), new Date(now + HORIZON_MS)),
  };
}

const fetchFeed = (token: string, headers: Record<string, string> = {}) =>
  callRoute(GET, `/api/calendar/${token}.ics`, { params: { file: `${token}.ics` }, headers });

async function post(cookie: string, body: Record<string, unknown>) {
  const res = await callRoute<{ id: string; nextOccurrences: string[] }>(createReminder, "/api/reminders", {
    method: "POST",
    cookie,
    body: { type: "text", ...body },
  });
  expect(res.status).toBe(201);
  return res.json;
}

/** The wall clock of an instant in a zone, read with Intl (independent of lib/recurrence). */
function wallClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "shortOffset",
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return {
    day: `${get("year")}-${get("month")}-${get("day")}`,
    time: `${get("hour")}:${get("minute")}`,
    offset: get("timeZoneName"),
  };
}

describe("GET /api/calendar/<token>.ics", () => {
  it("lists each scheduled occurrence of the next 12 months at the reminder's wall time across DST", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "America/New_York", firstName: "Ana" });
    const ben = await createContact(user.id, {
      name: "Ben Ruiz",
      phone: "+14155550101",
      email: "ben@example.org",
    });
    const daily = await post(cookie, {
      contactId: ben.id,
      message: "Pills, water; then rest\nsee you",
      deliveryMethod: "sms",
      scheduleType: "recurring",
      frequency: "daily",
      frequencyConfig: { time: "09:00", endCondition: "never" },
    });
    const monthly = await post(cookie, {
      contactId: ben.id,
      message: "Rent",
      deliveryMethod: "email",
      scheduleType: "recurring",
      frequency: "monthly",
      frequencyConfig: { time: "08:30", dayOfMonth: 31, endCondition: "after", endAfterCount: 3 },
    });
    const cancelled = await post(cookie, {
      contactId: ben.id,
      message: "Cancelled one",
      deliveryMethod: "email",
      scheduleType: "recurring",
      frequency: "weekly",
      frequencyConfig: { time: "10:00", days: ["Mon"], endCondition: "never" },
    });
    expect(
      (
        await callRoute(cancelReminder, `/api/reminders/${cancelled.id}`, {
          method: "DELETE",
          cookie,
          params: { id: cancelled.id },
        })
      ).status,
    ).toBe(200);
    // One occurrence of the monthly one already went out: 'after 3' leaves two.
    await db.update(reminders).set({ occurrencesSent: 1 }).where(eq(reminders.id, monthly.id));

    const token = await rotateCalendarToken(user.id, user.id);
    const res = await fetchFeed(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(res.text).toMatch(/\r\n$/);
    expect(res.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);

    const feed = parseFeed(res.text);
    expect(feed).toMatchObject({ version: "2.0", method: "PUBLISH", name: "Remindful reminders" });
    expect(feed.prodId).toContain("Remindful");

    const dailyEvents = feed.events.filter((e) => e.uid.startsWith(`${daily.id}-`));
    const monthlyEvents = feed.events.filter((e) => e.uid.startsWith(`${monthly.id}-`));
    expect(feed.events.some((e) => e.uid.startsWith(`${cancelled.id}-`))).toBe(false);
    expect(feed.events).toHaveLength(dailyEvents.length + monthlyEvents.length);

    // The daily one: a series in New York's time, every day for a year, each at 09:00 there,
    // EST and EDT both present.
    expect(new Set(dailyEvents.map((e) => e.zone))).toEqual(new Set(["America/New_York"]));
    expect(dailyEvents.length).toBeGreaterThanOrEqual(365);
    const clocks = dailyEvents.map((e) => wallClock(e.start, "America/New_York"));
    expect(new Set(clocks.map((c) => c.time))).toEqual(new Set(["09:00"]));
    expect(new Set(clocks.map((c) => c.offset))).toEqual(new Set(["GMT-5", "GMT-4"]));
    const days = clocks.map((c) => c.day);
    expect(new Set(days).size).toBe(days.length);
    for (let i = 1; i < days.length; i++) {
      const gap = (Date.parse(`${days[i]}T00:00Z`) - Date.parse(`${days[i - 1]}T00:00Z`)) / 86_400_000;
      expect(gap).toBe(1);
    }
    // The first ones are the reminder's own next occurrences (what the reminders page previews).
    expect(dailyEvents.slice(0, 3).map((e) => e.start.toISOString())).toEqual(daily.nextOccurrences);

    // The monthly one: two left, on the last day of short months, at 08:30 local.
    expect(monthlyEvents.map((e) => e.start.toISOString())).toEqual(monthly.nextOccurrences.slice(0, 2));
    for (const event of monthlyEvents) expect(wallClock(event.start, "America/New_York").time).toBe("08:30");

    const first = dailyEvents[0];
    expect(first.summary).toBe("Reminder to Ben Ruiz (SMS)");
    expect(first.description).toBe("Pills, water; then rest\nsee you");
    expect(first.durationMinutes).toBe(15);
    expect(first.url).toBe("http://localhost:3000/reminders");
    expect(monthlyEvents[0].summary).toBe("Reminder to Ben Ruiz (email)");
    const keys = feed.events.map((e) => `${e.uid}@${e.start.toISOString()}`);
    expect(new Set(keys).size).toBe(keys.length);

    // UIDs are stable from one fetch to the next (calendar apps update rather than duplicate).
    const again = parseFeed((await fetchFeed(token)).text);
    expect(again.events.map((e) => e.uid)).toEqual(feed.events.map((e) => e.uid));
  });

  it("writes intervals and nth weekdays as RRULEs that ical.js and python's icalendar both expand to the engine's occurrences", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "America/New_York" });
    const contact = await createContact(user.id, { name: "Mia Park", email: "mia@example.org" });
    const recurring = (frequency: string, frequencyConfig: Record<string, unknown>) =>
      post(cookie, {
        contactId: contact.id,
        message: `${frequency} ${JSON.stringify(frequencyConfig)}`,
        deliveryMethod: "email",
        scheduleType: "recurring",
        frequency,
        frequencyConfig,
      });
    const firstSunday = await recurring("monthly", { time: "12:00", nthWeekday: 1, days: ["Sun"] });
    const everyOtherTuesday = await recurring("weekly", { time: "08:00", days: ["Tue"], interval: 2 });
    const lastFriday = await recurring("monthly", { time: "12:00", nthWeekday: -1, days: ["Fri"] });
    const quarterly31st = await recurring("monthly", { time: "07:15", dayOfMonth: 31, interval: 3 });
    const weekdays = await recurring("weekly", {
      time: "18:00",
      days: ["Mon", "Tue", "Wed", "Thu", "Fri"],
      endCondition: "after",
      endAfterCount: 40,
    });
    // In New York 02:30 is skipped in March and 01:30 happens twice in November: named outright.
    const skipped = await recurring("daily", { time: "02:30" });
    const repeated = await recurring("daily", { time: "01:30" });
    const leapDay = await recurring("yearly", { time: "09:00", month: 2, dayOfMonth: 29 });
    const all = [
      firstSunday,
      everyOtherTuesday,
      lastFriday,
      quarterly31st,
      weekdays,
      skipped,
      repeated,
      leapDay,
    ];

    const text = (await fetchFeed(await rotateCalendarToken(user.id, user.id))).text;
    expect(text).toContain("RRULE:FREQ=MONTHLY;BYDAY=1SU");
    expect(text).toContain("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=MO");
    expect(text).toContain("RRULE:FREQ=MONTHLY;BYDAY=-1FR");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");

    const now = Date.now();
    const from = new Date(now - 86_400_000);
    const to = new Date(now + HORIZON_MS);
    const byIcalJs = icalJsOccurrences(text, from, to);
    const byPython = pythonOccurrences(text, from, to);
    expect(byPython.zoneMismatches).toEqual([]);
    const stored = await db.select().from(reminders).where(eq(reminders.contactId, contact.id));
    for (const { id } of all) {
      const row = stored.find((r) => r.id === id)!;
      const engine = nextOccurrences(scheduleFromRow(row), new Date(row.nextRunAt!.getTime() - 1), 400)
        .filter((at) => at < to)
        .map((at) => at.toISOString());
      const mine = (list: { uid: string; start: Date }[]) =>
        list.filter((e) => e.uid.startsWith(`${id}-`)).map((e) => e.start.toISOString());
      expect(engine.length, row.message ?? "").toBeGreaterThan(0);
      expect(mine(byIcalJs), row.message ?? "").toEqual(engine);
      expect(mine(byPython.occurrences), row.message ?? "").toEqual(engine);
    }
    // The first Sunday of each month at noon, the Tuesdays two weeks apart at 08:00, local time.
    const starts = (id: string) => byIcalJs.filter((e) => e.uid.startsWith(`${id}-`)).map((e) => e.start);
    for (const at of starts(firstSunday.id)) {
      const clock = wallClock(at, "America/New_York");
      expect(clock.time).toBe("12:00");
      expect(Number(clock.day.slice(8))).toBeLessThanOrEqual(7);
      expect(new Date(`${clock.day}T12:00Z`).getUTCDay()).toBe(0);
    }
    const tuesdays = starts(everyOtherTuesday.id).map((at) => wallClock(at, "America/New_York"));
    expect(new Set(tuesdays.map((c) => c.time))).toEqual(new Set(["08:00"]));
    expect(new Set(tuesdays.map((c) => c.offset))).toEqual(new Set(["GMT-5", "GMT-4"]));
    for (let i = 1; i < tuesdays.length; i++)
      expect(Date.parse(`${tuesdays[i].day}T00:00Z`) - Date.parse(`${tuesdays[i - 1].day}T00:00Z`)).toBe(
        14 * 86_400_000,
      );
  });

  it("speaks the user's language and fills the message's fields", async () => {
    const { user, cookie } = await createSignedInUser({
      timezone: "Europe/Madrid",
      locale: "es",
      senderName: "Lucía",
    });
    const contact = await createContact(user.id, { name: "Marta Gómez", locale: "es" });
    await post(cookie, {
      contactId: contact.id,
      message: "Hola {first_name}, un abrazo de {sender}",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: "2035-06-01T10:00",
    });
    const token = await rotateCalendarToken(user.id, user.id);
    const feed = parseFeed((await fetchFeed(token)).text);
    expect(feed.name).toBe("Recordatorios de Remindful");
    // 2035 is past the 12-month window: nothing listed yet.
    expect(feed.events).toHaveLength(0);

    const soon = new Date(Date.now() + 3 * 86_400_000);
    const local = wallClock(soon, "Europe/Madrid").day;
    await post(cookie, {
      contactId: contact.id,
      message: "Hola {first_name}, un abrazo de {sender}",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: `${local}T10:00`,
    });
    const [event] = parseFeed((await fetchFeed(token)).text).events;
    expect(event.summary).toBe("Recordatorio para Marta Gómez (correo electrónico)");
    expect(event.description).toBe("Hola Marta, un abrazo de Lucía");
    expect(wallClock(event.start, "Europe/Madrid")).toMatchObject({ day: local, time: "10:00" });
  });

  it("never shows another user's reminders", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const aContact = await createContact(a.user.id, { name: "Alice Contact" });
    const bContact = await createContact(b.user.id, { name: "Bob Contact" });
    const when = {
      scheduleType: "recurring",
      frequency: "weekly",
      frequencyConfig: { time: "09:00", days: ["Tue"] },
    };
    const aReminder = await post(a.cookie, {
      contactId: aContact.id,
      message: "for A",
      deliveryMethod: "sms",
      ...when,
    });
    const bReminder = await post(b.cookie, {
      contactId: bContact.id,
      message: "for B",
      deliveryMethod: "sms",
      ...when,
    });
    const aFeed = parseFeed((await fetchFeed(await rotateCalendarToken(a.user.id, a.user.id))).text);
    const bFeed = parseFeed((await fetchFeed(await rotateCalendarToken(b.user.id, b.user.id))).text);
    expect(aFeed.events.length).toBeGreaterThan(50);
    expect(aFeed.events.every((e) => e.uid.startsWith(`${aReminder.id}-`) && e.description === "for A")).toBe(
      true,
    );
    expect(bFeed.events.every((e) => e.uid.startsWith(`${bReminder.id}-`) && e.description === "for B")).toBe(
      true,
    );
  });

  it("regenerating revokes the old link at once; an unknown token is a bare 404", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    await post(cookie, {
      contactId: contact.id,
      message: "Hi",
      deliveryMethod: "email",
      scheduleType: "recurring",
      frequency: "daily",
      frequencyConfig: { time: "07:00" },
    });
    const old = await rotateCalendarToken(user.id, user.id);
    expect((await fetchFeed(old)).status).toBe(200);
    const fresh = await rotateCalendarToken(user.id, user.id);
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const revoked = await fetchFeed(old);
    expect(revoked.status).toBe(404);
    expect(revoked.json).toEqual({ code: "not_found", message: "Not found" });
    expect((await fetchFeed(fresh)).status).toBe(200);

    const unknown = await fetchFeed(randomBytes(32).toString("base64url"));
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(revoked.text);
  });

  it("refuses a malformed address with 400 before touching the database", async () => {
    const { user } = await createSignedInUser();
    await rotateCalendarToken(user.id, user.id);
    const [{ calendarToken }] = await db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, user.id));
    const rateCount = async () =>
      (await db.execute<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from rate_limits`))
        .rows[0].n;
    const countBefore = await rateCount();
    const before = await snapshotDatabase();
    const bad = [
      `${calendarToken}.ics.ics`,
      `${calendarToken}`,
      `${calendarToken}x.ics`,
      `${calendarToken?.slice(1)}.ics`,
      `${calendarToken?.slice(0, 42)}!.ics`,
      "' or 1=1 --.ics",
    ];
    for (const file of bad) {
      const res = await callRoute(GET, `/api/calendar/${encodeURIComponent(file)}`, { params: { file } });
      expect(res.status, file).toBe(400);
      expect(res.json).toMatchObject({ code: "invalid_input" });
    }
    expect(await snapshotDatabase()).toEqual(before);
    // Not even a rate-limit counter: validation comes first.
    expect(await rateCount()).toBe(countBefore);
  });

  it("limits fetches per address: 429 with Retry-After past the catalogue's limit", async () => {
    // Behind one proxy, which appends the address it saw to X-Forwarded-For.
    env.TRUSTED_PROXY_HOPS = 1;
    onTestFinished(() => void (env.TRUSTED_PROXY_HOPS = undefined));
    const { limit, windowSeconds } = RATE_LIMITS.calendarFeed;
    const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const token = randomBytes(32).toString("base64url");
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await fetchFeed(token, { "x-forwarded-for": ip })).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    const refused = await fetchFeed(token, { "x-forwarded-for": ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await fetchFeed(token, { "x-forwarded-for": "198.51.100.77" })).status).toBe(404);
  });

  it("without a trusted proxy, each feed has its own budget: one feed's fetches never refuse another's", async () => {
    expect(env.TRUSTED_PROXY_HOPS ?? 0).toBe(0);
    const { limit, windowSeconds } = RATE_LIMITS.calendarFeed;
    const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
    if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const busy = randomBytes(32).toString("base64url");
    for (let i = 0; i < limit; i++)
      await fetchFeed(busy, { "x-forwarded-for": `203.0.113.${(i % 200) + 1}` });
    expect((await fetchFeed(busy)).status).toBe(429);
    const other = randomBytes(32).toString("base64url");
    expect((await fetchFeed(other)).status).toBe(404);
  });
});
