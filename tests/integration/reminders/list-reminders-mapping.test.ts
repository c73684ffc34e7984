import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/reminders/route";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { reminderPageQuery, type PageQuery } from "@/lib/reminders/list-reminders";
import { toReminderDto } from "@/lib/reminders/to-reminder-dto";
import { callRoute } from "../../support/call-route";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

/**
 * The list maps its prepared statement's rows itself (lib/db/prepare-flat-select.ts); the
 * answer must be what Drizzle's own mapping of the same statement gives, byte for byte.
 */
describe("GET /api/reminders answers what Drizzle's mapping of the same rows gives", () => {
  let userId = "";
  let cookie = "";

  beforeAll(async () => {
    const signedIn = await createSignedInUser({ timezone: "Australia/Sydney" });
    userId = signedIn.user.id;
    cookie = signedIn.cookie;
    const contact = await createContact(userId);
    const day = 86_400_000;
    const soon = new Date(Date.now() + 3 * day + 123);
    await insertReminder(userId, contact.id, { scheduledFor: soon, nextRunAt: soon, timezone: "Europe/Paris" });
    await insertReminder(userId, contact.id, {
      scheduleType: "recurring",
      frequency: "weekly",
      time: "09:30",
      days: ["Mon", "Thu"],
      timezone: "America/New_York",
      deliveryMethod: "email",
    });
    await insertReminder(userId, contact.id, {
      scheduleType: "recurring",
      frequency: "monthly",
      time: "08:00",
      dayOfMonth: 31,
      endCondition: "after",
      endAfterCount: 12,
      occurrencesSent: 3,
      lastSentAt: new Date(Date.now() - day),
      timezone: "Australia/Sydney",
    });
    await insertReminder(userId, contact.id, {
      scheduleType: "recurring",
      frequency: "yearly",
      time: "07:15",
      dayOfMonth: 29,
      month: 2,
      endCondition: "by",
      endByDate: "2031-03-01",
      askConfirmation: true,
      followUpMinutes: 90,
      timezone: "Asia/Kolkata",
    });
    const failed = await insertReminder(userId, contact.id, {
      status: "failed",
      nextRunAt: null,
      lastError: "Mailbox full",
      deliveryMethod: "email",
    });
    await db.insert(deliveries).values({
      userId,
      reminderId: failed.id,
      contactId: contact.id,
      channel: "email",
      status: "failed",
      occurrenceAt: new Date(Date.now() - day),
      errorCode: "smtp_rejected",
    });
    await insertReminder(userId, contact.id, { status: "cancelled", cancelledAt: new Date(), nextRunAt: null });
    await insertReminder(userId, contact.id, { status: "sent", nextRunAt: null, occurrencesSent: 1 });
  });

  /** The page as Drizzle maps the list's own statement, shaped into the same DTOs. */
  async function drizzlePage(query: PageQuery) {
    const rows = await reminderPageQuery(userId, query);
    return rows.slice(0, query.limit).map((row) => toReminderDto(row, row.contactName, row.failureCode));
  }

  for (const query of [
    { status: "all", view: "recent", limit: 50 },
    { status: "failed", view: "recent", limit: 50 },
    { status: "all", view: "schedule", limit: 50 },
    { status: "all", view: "recent", limit: 3 },
  ] satisfies PageQuery[]) {
    it(`${query.view}, ${query.status}, ${query.limit} a page`, async () => {
      const answer = await callRoute<unknown[]>(GET, "/api/reminders", {
        cookie,
        query: { status: query.status, view: query.view, limit: String(query.limit) },
      });
      expect(answer.status).toBe(200);
      const expected = await drizzlePage(query);
      expect(expected.length).toBeGreaterThan(0);
      // Same keys, same order, same values.
      expect(answer.text).toBe(JSON.stringify(expected));
    });
  }

  it("maps every kind of column: dates, arrays, numbers, booleans, the failure and the preview", async () => {
    const { json } = await callRoute<Record<string, unknown>[]>(GET, "/api/reminders", { cookie });
    const yearly = json.find((item) => item.frequency === "yearly");
    expect(yearly?.frequencyConfig).toEqual({
      time: "07:15",
      dayOfMonth: 29,
      month: 2,
      endCondition: "by",
      endByDate: "2031-03-01",
    });
    expect(yearly?.askConfirmation).toBe(true);
    expect(yearly?.followUpMinutes).toBe(90);
    const weekly = json.find((item) => item.frequency === "weekly");
    expect((weekly?.frequencyConfig as { days: string[] }).days).toEqual(["Mon", "Thu"]);
    expect(weekly?.nextOccurrences).toHaveLength(3);
    const failed = json.find((item) => item.status === "failed");
    expect((failed?.failure as { rawCode: string }).rawCode).toBe("smtp_rejected");
    expect(json.every((item) => typeof item.createdAt === "string" && /Z$/.test(item.createdAt))).toBe(true);
  });
});
