import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/reminders/route";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

describe("GET /api/reminders answers each kind of column", () => {
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
      workspaceId: userId,
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
