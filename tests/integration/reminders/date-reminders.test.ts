import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as CREATE_CONTACT } from "@/app/api/contacts/route";
import { PUT as PUT_CONTACT } from "@/app/api/contacts/[id]/route";
import { POST } from "@/app/api/reminders/from-date/route";
import { PUT as PUT_REMINDER } from "@/app/api/reminders/[id]/route";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

type Dto = {
  recipient: string;
  leadDays: number | null;
  deliveryMethod: string;
  message: string;
  timezone: string;
  frequency: string;
  frequencyConfig: { time: string; month: number; dayOfMonth: number };
  nextOccurrences: string[];
};

const paid = { planType: "starter", subscriptionStatus: "active", remindersQuota: 100 } as const;

async function contactWithDate(
  cookie: string,
  extra: Record<string, unknown> = {},
  year: number | null = 1986,
) {
  const res = await callRoute<{ id: string; dates: { id: string }[] }>(CREATE_CONTACT, "/api/contacts", {
    method: "POST",
    cookie,
    body: {
      name: "Ana López",
      email: "ana@example.com",
      timezone: "Europe/Madrid",
      dates: [{ kind: "birthday", month: 3, day: 1, year }],
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return { contactId: res.json.id, dateId: res.json.dates[0].id };
}

const create = (cookie: string, body: unknown) =>
  callRoute<Dto[]>(POST, "/api/reminders/from-date", { method: "POST", cookie, body });
const countOf = async (userId: string) =>
  (await db.select().from(reminders).where(eq(reminders.workspaceId, userId))).length;

beforeEach(() => {
  // Creation reads the clock: a fixed day before the date (only Date is faked, timers stay real).
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-15T12:00:00Z") });
});
afterEach(() => vi.useRealTimers());

describe("POST /api/reminders/from-date", () => {
  it("creates the yearly reminder and the chosen leads (zones, languages, days); they follow a moved date", async () => {
    const { user, cookie } = await createSignedInUser({
      ...paid,
      timezone: "America/New_York",
      locale: "es",
    });
    const { contactId, dateId } = await contactWithDate(cookie);
    const res = await create(cookie, { contactDateId: dateId, time: "09:00", leadDays: [7, 1] });
    expect(res.status).toBe(201);
    const [yearly, week, day] = res.json;
    expect(yearly).toMatchObject({
      recipient: "contact",
      leadDays: null,
      deliveryMethod: "email",
      // The greeting and the lead line write their fields in the (Spanish) user's names.
      message: "¡Feliz cumpleaños, {nombre}!",
      timezone: "Europe/Madrid",
      frequency: "yearly",
      frequencyConfig: { time: "09:00", month: 3, dayOfMonth: 1 },
    });
    // 09:00 in Madrid (CET, UTC+1).
    expect(yearly.nextOccurrences).toEqual([
      "2026-03-01T08:00:00.000Z",
      "2027-03-01T08:00:00.000Z",
      "2028-03-01T08:00:00.000Z",
    ]);
    expect(week).toMatchObject({
      recipient: "owner",
      leadDays: 7,
      deliveryMethod: "email",
      timezone: "America/New_York",
      message: "El cumpleaños de {nombre_completo} es el {fecha} (cumple {edad}).",
    });
    // 7 days before 1 March at 09:00 New York: 22 February, 23 February in the leap year 2028.
    expect(week.nextOccurrences).toEqual([
      "2026-02-22T14:00:00.000Z",
      "2027-02-22T14:00:00.000Z",
      "2028-02-23T14:00:00.000Z",
    ]);
    expect(day).toMatchObject({ recipient: "owner", leadDays: 1 });
    expect(day.nextOccurrences[0]).toBe("2026-02-28T14:00:00.000Z");
    const stored = await db.select().from(reminders).where(eq(reminders.workspaceId, user.id));
    expect(stored).toHaveLength(3);
    expect(new Set(stored.map((r) => r.contactDateId))).toEqual(new Set([dateId]));

    // The birthday is corrected to 3 April: its reminders move with it, each in its own zone.
    const moved = await callRoute(PUT_CONTACT, `/api/contacts/${contactId}`, {
      method: "PUT",
      cookie,
      params: { id: contactId },
      body: { dates: [{ id: dateId, kind: "birthday", month: 4, day: 3, year: 1986 }] },
    });
    expect(moved.status).toBe(200);
    const after = await db.select().from(reminders).where(eq(reminders.workspaceId, user.id));
    const next = (leadDays: number | null) =>
      after.find((r) => r.leadDays === leadDays)?.nextRunAt?.toISOString();
    expect(after.every((r) => r.month === 4 && r.dayOfMonth === 3)).toBe(true);
    expect(next(null)).toBe("2026-04-03T07:00:00.000Z"); // 09:00 CEST
    expect(next(7)).toBe("2026-03-27T13:00:00.000Z"); // 09:00 EDT
    expect(next(1)).toBe("2026-04-02T13:00:00.000Z");

    // A lead reminder is not edited on its own (its day follows the date): 409, unchanged.
    const lead = after.find((r) => r.leadDays === 7)!;
    const edit = await callRoute(PUT_REMINDER, `/api/reminders/${lead.id}`, {
      method: "PUT",
      cookie,
      params: { id: lead.id },
      body: {
        contactId: lead.contactId,
        type: "text",
        message: "x",
        deliveryMethod: "email",
        scheduleType: "recurring",
        frequency: "yearly",
        frequencyConfig: { time: "10:00", month: 5, dayOfMonth: 5 },
      },
    });
    expect(edit.status).toBe(409);
    expect(edit.json).toMatchObject({ code: "lead_reminder_not_editable" });
    const [unchanged] = await db.select().from(reminders).where(eq(reminders.id, lead.id));
    expect(unchanged).toEqual(lead);
  });

  it("without a year the lead line has no age and no empty parentheses; a message of one's own is kept", async () => {
    const { user, cookie } = await createSignedInUser({ ...paid, locale: "en" });
    const { dateId } = await contactWithDate(cookie, {}, null);
    // {age} has nothing to count from, and an unknown field is a mistake: both refused, nothing made.
    for (const [message, code] of [
      ["Happy {age}th, {first_name}!", "age_needs_birth_year"],
      ["Happy birthday, {nickname}!", "unknown_fields"],
    ]) {
      const refused = await create(cookie, { contactDateId: dateId, time: "08:30", message, leadDays: [7] });
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ code });
    }
    expect(await countOf(user.id)).toBe(0);
    const res = await create(cookie, {
      contactDateId: dateId,
      time: "08:30",
      message: "Happy birthday, {first_name}!",
      leadDays: [7],
    });
    expect(res.status).toBe(201);
    expect(res.json.map((r) => r.message)).toEqual([
      "Happy birthday, {first_name}!",
      "{name}'s birthday is on {date}.",
    ]);
  });

  it("when the quota runs out part way, nothing at all is created", async () => {
    const { user, cookie } = await createSignedInUser({ ...paid, remindersQuota: 2 });
    const { dateId } = await contactWithDate(cookie);
    const refused = await create(cookie, { contactDateId: dateId, time: "09:00", leadDays: [7, 1] });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "reminder_limit" });
    expect(await countOf(user.id)).toBe(0);
    // Two fit.
    expect((await create(cookie, { contactDateId: dateId, time: "09:00", leadDays: [7] })).status).toBe(201);
    expect(await countOf(user.id)).toBe(2);
  });

  it("another user's date is a 404; bad input and the free plan are refused; nothing is created", async () => {
    const owner = await createSignedInUser(paid);
    const other = await createSignedInUser(paid);
    const { dateId } = await contactWithDate(other.cookie);
    const foreign = await create(owner.cookie, { contactDateId: dateId, time: "09:00", leadDays: [] });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ code: "contact_date_not_found" });

    const { dateId: mine } = await contactWithDate(owner.cookie);
    for (const body of [
      { contactDateId: mine, time: "24:00" },
      { contactDateId: mine, time: "09:00", leadDays: [61] },
      { contactDateId: mine, time: "09:00", leadDays: [7, 7] },
      { contactDateId: mine, time: "09:00", extra: true },
    ]) {
      expect((await create(owner.cookie, body)).status).toBe(400);
    }
    const free = await createSignedInUser({ planType: "free" });
    const { dateId: freeDate } = await contactWithDate(free.cookie);
    const upgrade = await create(free.cookie, { contactDateId: freeDate, time: "09:00" });
    expect(upgrade.status).toBe(403);
    expect(upgrade.json).toMatchObject({ code: "recurring_needs_paid_plan" });
    for (const id of [owner.user.id, other.user.id, free.user.id]) expect(await countOf(id)).toBe(0);
  });
});
