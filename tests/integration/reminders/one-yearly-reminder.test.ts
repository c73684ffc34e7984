import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as LIST_CONTACTS, POST as CREATE_CONTACT } from "@/app/api/contacts/route";
import { GET, POST, PUT } from "@/app/api/reminders/from-date/route";
import { DELETE as CANCEL } from "@/app/api/reminders/[id]/route";
import { reminders, sessions } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

// One contact date has at most one live yearly reminder per recipient (docs/contact-dates.md).

type Dto = {
  id: string;
  recipient: string;
  leadDays: number | null;
  message: string;
  frequencyConfig: { time: string };
};
type Listed = { id: string; dates: { id: string; hasYearlyReminder: boolean }[] };

const paid = { planType: "starter", subscriptionStatus: "active", remindersQuota: 100 } as const;

async function contactWithDates(cookie: string) {
  const res = await callRoute<Listed>(CREATE_CONTACT, "/api/contacts", {
    method: "POST",
    cookie,
    body: {
      name: "Ana López",
      email: "ana@example.com",
      timezone: "Europe/Madrid",
      dates: [
        { kind: "birthday", month: 3, day: 1, year: 1986 },
        { kind: "anniversary", month: 6, day: 9, year: 2012 },
      ],
    },
  });
  expect(res.status).toBe(201);
  return { contactId: res.json.id, dateId: res.json.dates[0].id, otherDateId: res.json.dates[1].id };
}

const create = (cookie: string, body: unknown) =>
  callRoute<Dto[] & { code?: string }>(POST, "/api/reminders/from-date", { method: "POST", cookie, body });
const live = (userId: string) =>
  db
    .select()
    .from(reminders)
    .where(and(eq(reminders.workspaceId, userId), eq(reminders.status, "scheduled")));
async function listedDates(cookie: string) {
  const res = await callRoute<Listed[]>(LIST_CONTACTS, "/api/contacts", { cookie });
  return Object.fromEntries(res.json[0].dates.map((d) => [d.id, d.hasYearlyReminder]));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") });
});
afterEach(() => vi.useRealTimers());

describe("one yearly reminder per contact date", () => {
  it("a second create is a 409, even from two tabs at once; the card knows the date has one", async () => {
    const { user, cookie } = await createSignedInUser(paid);
    const { dateId, otherDateId } = await contactWithDates(cookie);
    expect(await listedDates(cookie)).toEqual({ [dateId]: false, [otherDateId]: false });

    const body = { contactDateId: dateId, time: "09:00", leadDays: [7] };
    const both = await Promise.all([create(cookie, body), create(cookie, body)]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.json).toMatchObject({
      code: "yearly_reminder_exists",
      message: "This date already has a yearly reminder: edit it instead",
    });
    const rows = await live(user.id);
    expect(rows.map((r) => [r.recipient, r.leadDays]).sort()).toEqual([
      ["contact", null],
      ["owner", 7],
    ]);
    expect(await listedDates(cookie)).toEqual({ [dateId]: true, [otherDateId]: false });

    // Clicked again later: the same refusal, nothing added.
    expect((await create(cookie, body)).status).toBe(409);
    expect(await live(user.id)).toHaveLength(2);
    // Another date of the same contact has its own.
    expect((await create(cookie, { contactDateId: otherDateId, time: "09:00" })).status).toBe(201);

    // Once cancelled, the date may have a new one; the lead it still has is not made twice.
    const yearly = rows.find((r) => r.recipient === "contact")!;
    const cancelled = await callRoute(CANCEL, `/api/reminders/${yearly.id}`, {
      method: "DELETE",
      cookie,
      params: { id: yearly.id },
    });
    expect(cancelled.status).toBe(200);
    expect((await listedDates(cookie))[dateId]).toBe(false);
    const again = await create(cookie, { contactDateId: dateId, time: "10:00", leadDays: [7, 1] });
    expect(again.status).toBe(201);
    expect(again.json.map((r) => [r.recipient, r.leadDays])).toEqual([
      ["contact", null],
      ["owner", 1],
    ]);
    const ofDate = (await live(user.id)).filter((r) => r.contactDateId === dateId);
    expect(ofDate.map((r) => [r.recipient, r.leadDays]).sort()).toEqual([
      ["contact", null],
      ["owner", 1],
      ["owner", 7],
    ]);
  });

  it("the database refuses a second live reminder of a date for the same recipient, whatever wrote it", async () => {
    const { user, cookie } = await createSignedInUser(paid);
    const { contactId, dateId } = await contactWithDates(cookie);
    expect((await create(cookie, { contactDateId: dateId, time: "09:00", leadDays: [7] })).status).toBe(201);
    const [yearly] = (await live(user.id)).filter((r) => r.recipient === "contact");
    const copy = {
      workspaceId: user.id,
      contactId,
      message: "Again",
      deliveryMethod: "email",
      scheduleType: "recurring",
      frequency: "yearly",
      time: "09:00",
      month: 3,
      dayOfMonth: 1,
      timezone: "Europe/Madrid",
      nextRunAt: yearly.nextRunAt,
      contactDateId: dateId,
    };
    const refused = await db
      .insert(reminders)
      .values(copy)
      .then(() => null)
      .catch((error: { cause?: { code?: string; constraint?: string } }) => error.cause);
    expect(refused).toMatchObject({ code: "23505", constraint: "reminders_one_per_contact_date_idx" });
    await expect(
      db.insert(reminders).values({ ...copy, recipient: "owner", leadDays: 7 }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
    // A cancelled copy, or a lead of another number of days, is no duplicate.
    await db.insert(reminders).values({ ...copy, status: "cancelled", nextRunAt: null });
    await db.insert(reminders).values({ ...copy, recipient: "owner", leadDays: 3 });
  });

  it("Edit yearly reminder: reads the saved one, changes time, message and leads in place", async () => {
    const { user, cookie } = await createSignedInUser({ ...paid, locale: "en" });
    const { dateId, otherDateId } = await contactWithDates(cookie);
    const made = await create(cookie, { contactDateId: dateId, time: "09:00", leadDays: [7] });
    const [yearly, week] = made.json;

    const read = await callRoute(GET, "/api/reminders/from-date", {
      cookie,
      query: { contactDateId: dateId },
    });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({
      reminderId: yearly.id,
      time: "09:00",
      message: "Happy birthday, {first_name}!",
      leadDays: [7],
    });

    const edited = await callRoute<Dto[]>(PUT, "/api/reminders/from-date", {
      method: "PUT",
      cookie,
      body: {
        contactDateId: dateId,
        time: "10:30",
        message: "Feliz cumpleaños, {first_name}!",
        leadDays: [1],
      },
    });
    expect(edited.status).toBe(200);
    expect(
      edited.json.map((r) => [r.id === yearly.id, r.recipient, r.leadDays, r.frequencyConfig.time]),
    ).toEqual([
      [true, "contact", null, "10:30"],
      [false, "owner", 1, "10:30"],
    ]);
    const [row] = await db.select().from(reminders).where(eq(reminders.id, yearly.id));
    expect(row).toMatchObject({
      time: "10:30",
      message: "Feliz cumpleaños, {first_name}!",
      timezone: "Europe/Madrid",
    });
    // 10:30 in Madrid (CET) on 1 March.
    expect(row.nextRunAt?.toISOString()).toBe("2026-03-01T09:30:00.000Z");
    // The lead no longer chosen is cancelled (its row stays), the new one is scheduled.
    const [oldLead] = await db.select().from(reminders).where(eq(reminders.id, week.id));
    expect(oldLead.status).toBe("cancelled");
    const after = await callRoute(GET, "/api/reminders/from-date", {
      cookie,
      query: { contactDateId: dateId },
    });
    expect(after.json).toMatchObject({ reminderId: yearly.id, time: "10:30", leadDays: [1] });
    expect(await live(user.id)).toHaveLength(2);

    // Nothing to edit on a date without its yearly reminder, nor on another user's date.
    const none = await callRoute(PUT, "/api/reminders/from-date", {
      method: "PUT",
      cookie,
      body: { contactDateId: otherDateId, time: "10:30", leadDays: [] },
    });
    expect(none.status).toBe(404);
    expect(
      (await callRoute(GET, "/api/reminders/from-date", { cookie, query: { contactDateId: otherDateId } }))
        .status,
    ).toBe(404);
    const stranger = await createSignedInUser(paid);
    const foreign = await callRoute(GET, "/api/reminders/from-date", {
      cookie: stranger.cookie,
      query: { contactDateId: dateId },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ code: "contact_date_not_found" });
  });

  it("an edit on the date itself, after this year's send, waits for next year: one message a year", async () => {
    const { user, cookie, sessionToken } = await createSignedInUser(paid);
    // The session outlives the clock moved below.
    await db
      .update(sessions)
      .set({ expires: new Date("2030-01-01T00:00:00Z") })
      .where(eq(sessions.sessionToken, sessionToken));
    const { dateId } = await contactWithDates(cookie);
    const [yearly] = (await create(cookie, { contactDateId: dateId, time: "09:00" })).json;
    // Sent on 1 March at 09:00 Madrid; the user then moves the time to 18:00 the same day.
    await db
      .update(reminders)
      .set({ lastSentAt: new Date("2026-03-01T08:00:05Z"), nextRunAt: new Date("2027-03-01T08:00:00Z") })
      .where(eq(reminders.id, yearly.id));
    vi.setSystemTime(new Date("2026-03-01T10:00:00Z"));
    const edited = await callRoute(PUT, "/api/reminders/from-date", {
      method: "PUT",
      cookie,
      body: { contactDateId: dateId, time: "18:00", leadDays: [] },
    });
    expect(edited.status).toBe(200);
    const [row] = await db.select().from(reminders).where(eq(reminders.id, yearly.id));
    expect(row.nextRunAt?.toISOString()).toBe("2027-03-01T17:00:00.000Z");
    expect(await live(user.id)).toHaveLength(1);
  });
});

describe("migration 0012", () => {
  it("cancels duplicates made before the rule (the oldest stays), then adds the index", async () => {
    const { user, cookie } = await createSignedInUser(paid);
    const { contactId, dateId } = await contactWithDates(cookie);
    await db.execute(sql`drop index reminders_one_per_contact_date_idx`);
    const row = (recipient: "contact" | "owner", leadDays: number | null, createdAt: string) => ({
      workspaceId: user.id,
      contactId,
      message: "x",
      deliveryMethod: "email",
      scheduleType: "recurring",
      frequency: "yearly",
      time: "09:00",
      month: 3,
      dayOfMonth: 1,
      nextRunAt: new Date("2026-03-01T08:00:00Z"),
      contactDateId: dateId,
      recipient,
      leadDays,
      createdAt: new Date(createdAt),
    });
    const inserted = await db
      .insert(reminders)
      .values([
        row("contact", null, "2025-01-02T00:00:00Z"),
        row("contact", null, "2025-01-01T00:00:00Z"),
        row("owner", 7, "2025-01-01T00:00:00Z"),
        row("owner", 7, "2025-01-02T00:00:00Z"),
        row("owner", 1, "2025-01-03T00:00:00Z"),
      ])
      .returning();
    const file = readFileSync("db/migrations/0012_one-reminder-per-contact-date.sql", "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    const after = await db.select().from(reminders).where(eq(reminders.contactDateId, dateId));
    const status = (i: number) => after.find((r) => r.id === inserted[i].id)?.status;
    expect([0, 1, 2, 3, 4].map(status)).toEqual([
      "cancelled",
      "scheduled",
      "scheduled",
      "cancelled",
      "scheduled",
    ]);
    expect(after.find((r) => r.id === inserted[0].id)).toMatchObject({ nextRunAt: null });
    await expect(
      db.insert(reminders).values(row("contact", null, "2026-01-01T00:00:00Z")),
    ).rejects.toMatchObject({
      cause: { code: "23505" },
    });
  });
});
