import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/reminders/route";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const countOf = async (userId: string) =>
  (await db.select().from(reminders).where(eq(reminders.workspaceId, userId))).length;

async function post(cookie: string, body: unknown) {
  return callRoute(POST, "/api/reminders", { method: "POST", cookie, body });
}

describe("POST /api/reminders", () => {
  it("creates a one-time reminder at the user's local time, stored as UTC", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "America/New_York" });
    const contact = await createContact(user.id);
    const res = await post(cookie, {
      contactId: contact.id,
      type: "text",
      message: "Take your pills",
      deliveryMethod: "email",
      scheduleType: "once",
      scheduledFor: "2030-01-15T09:00",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      contactName: "Grandma Rose",
      status: "scheduled",
      scheduledFor: "2030-01-15T14:00:00.000Z",
      nextRunAt: "2030-01-15T14:00:00.000Z",
      localDateTime: "2030-01-15T09:00",
      nextOccurrences: ["2030-01-15T14:00:00.000Z"],
      timezone: "America/New_York",
    });
    const [row] = await db.select().from(reminders).where(eq(reminders.workspaceId, user.id));
    expect(row.nextRunAt?.toISOString()).toBe("2030-01-15T14:00:00.000Z");
    expect(row.timezone).toBe("America/New_York");
  });

  it("creates Sydney's 'monthly on the 31st at 09:00, ends after 12' with month-end dates", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "Australia/Sydney" });
    const contact = await createContact(user.id);
    const res = await post(cookie, {
      contactId: contact.id,
      type: "text",
      message: "Rent",
      deliveryMethod: "sms",
      scheduleType: "recurring",
      frequency: "monthly",
      frequencyConfig: { time: "09:00", dayOfMonth: 31, endCondition: "after", endAfterCount: 12 },
    });
    expect(res.status).toBe(201);
    const upcoming = (res.json.nextOccurrences as string[]).map((iso) =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone: "Australia/Sydney",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(new Date(iso)),
    );
    expect(upcoming).toHaveLength(3);
    for (const text of upcoming) {
      expect(text).toMatch(/09:00$/);
      const [y, m, d] = text.slice(0, 10).split("-").map(Number);
      expect(d).toBe(new Date(Date.UTC(y, m, 0)).getUTCDate()); // the month's last day
    }
    expect(res.json.frequencyConfig).toEqual({
      time: "09:00",
      dayOfMonth: 31,
      endCondition: "after",
      endAfterCount: 12,
    });
  });

  // The validation order: each body fails the listed rule and all the ones after it.
  const ordered: [string, Record<string, unknown>, string][] = [
    ["no contact", { message: "", scheduleType: "once" }, "Please select a contact"],
    ["empty text message", { contactId: "X", message: "  ", scheduleType: "once" }, "Please enter a message"],
    [
      "once without date",
      { contactId: "X", message: "Hi", scheduleType: "once" },
      "Please select a date and time",
    ],
    [
      "recurring without frequency",
      { contactId: "X", message: "Hi", scheduleType: "recurring", frequencyConfig: { endCondition: "by" } },
      "Please select a frequency",
    ],
    [
      "weekly without days",
      {
        contactId: "X",
        message: "Hi",
        scheduleType: "recurring",
        frequency: "weekly",
        frequencyConfig: { days: [], endCondition: "by" },
      },
      "Please select at least one day",
    ],
    [
      "end by without date",
      {
        contactId: "X",
        message: "Hi",
        scheduleType: "recurring",
        frequency: "daily",
        frequencyConfig: { endCondition: "by" },
      },
      "Please select an end date",
    ],
  ];

  it.each(ordered)("refuses %s with its message and writes nothing", async (_label, body, message) => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const withContact = body.contactId ? { ...body, contactId: contact.id } : body;
    const res = await post(cookie, { type: "text", deliveryMethod: "email", ...withContact });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(await countOf(user.id)).toBe(0);
  });

  it("checks the quota before anything else", async () => {
    const { user, cookie } = await createSignedInUser({ remindersQuota: 10, remindersUsedCurrentPeriod: 10 });
    const res = await post(cookie, { type: "text", deliveryMethod: "email", scheduleType: "once" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: "Reminder limit reached", limit: "reminders" });
    expect(await countOf(user.id)).toBe(0);
  });

  it("answers a malformed field before the quota: the quota comes first among the rules only", async () => {
    const { cookie } = await createSignedInUser({ remindersQuota: 10, remindersUsedCurrentPeriod: 10 });
    const res = await post(cookie, { type: "text", deliveryMethod: "pigeon", scheduleType: "once" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "invalid_input",
      message: expect.stringMatching(/^deliveryMethod: /),
    });
  });

  const base = (contactId: string) => ({
    contactId,
    type: "text",
    message: "Hi",
    deliveryMethod: "email",
    scheduleType: "once",
    scheduledFor: localInDays(3),
  });

  it("answers 404 for another user's contact, and for an unknown one", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const theirs = await createContact(other.user.id);
    for (const contactId of [theirs.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await post(cookie, base(contactId));
      expect(res.status).toBe(404);
      expect(res.json.message).toBe("Contact not found");
    }
    expect(await countOf(user.id)).toBe(0);
    expect(await countOf(other.user.id)).toBe(0);
  });

  it.each([
    [
      "email to a contact without email",
      { email: null },
      { deliveryMethod: "email" },
      400,
      /no email address/,
      "contact_has_no_email",
    ],
    [
      "SMS to a contact without phone",
      { phone: null },
      { deliveryMethod: "sms" },
      400,
      /no phone number/,
      "contact_has_no_phone",
    ],
    [
      "WhatsApp to a contact without phone",
      { phone: null },
      { deliveryMethod: "whatsapp" },
      400,
      /no phone number/,
      "contact_has_no_phone",
    ],
    [
      "a voice reminder without its recording",
      {},
      { type: "voice", message: null },
      400,
      /^Please record or choose a recording$/,
      "select_recording",
    ],
    [
      "a text reminder carrying a recording",
      {},
      { mediaId: "00000000-0000-4000-8000-000000000000" },
      400,
      /^A text reminder has no recording$/,
      "invalid_input",
    ],
    [
      "a time in the past",
      {},
      { scheduledFor: "2020-01-01T09:00" },
      400,
      /must be in the future/,
      "scheduled_in_past",
    ],
    ["an impossible date", {}, { scheduledFor: "2031-02-30T09:00" }, 400, /Invalid date/, "invalid_schedule"],
    ["a malformed time", {}, { scheduledFor: "2031-02-03 9am" }, 400, /^scheduledFor: /, "invalid_input"],
    ["an unknown field", {}, { workspaceId: "someone" }, 400, /userId|Unrecognized/, "invalid_input"],
    [
      "an unknown delivery method",
      {},
      { deliveryMethod: "pigeon" },
      400,
      /^deliveryMethod: /,
      "invalid_input",
    ],
    ["a too long message", {}, { message: "x".repeat(1601) }, 400, /^message: /, "invalid_input"],
  ])("refuses %s and writes nothing", async (_label, contactValues, overrides, status, message, code) => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id, contactValues);
    const res = await post(cookie, { ...base(contact.id), ...overrides });
    expect(res.status).toBe(status);
    expect(String(res.json.message)).toMatch(message);
    // The stable code the UI translates (errors.<code>).
    expect(res.json.code).toBe(code);
    expect(await countOf(user.id)).toBe(0);
  });

  it("refuses recurring on the free plan, allows it on trial", async () => {
    const recurring = (contactId: string) => ({
      ...base(contactId),
      scheduleType: "recurring",
      scheduledFor: undefined,
      frequency: "daily",
      frequencyConfig: { time: "08:00" },
    });
    const free = await createSignedInUser({ planType: "free", remindersQuota: 10 });
    const freeContact = await createContact(free.user.id);
    const refused = await post(free.cookie, recurring(freeContact.id));
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/paid plans/);
    expect(refused.json.code).toBe("recurring_needs_paid_plan");
    expect(await countOf(free.user.id)).toBe(0);

    const trial = await createSignedInUser();
    const trialContact = await createContact(trial.user.id);
    expect((await post(trial.cookie, recurring(trialContact.id))).status).toBe(201);
  });

  it("refuses a recurring schedule whose end date has passed", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const res = await post(cookie, {
      ...base(contact.id),
      scheduleType: "recurring",
      scheduledFor: null,
      frequency: "daily",
      frequencyConfig: { endCondition: "by", endByDate: "2020-01-01" },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("This schedule has no future occurrence");
  });

  it("pay-as-you-go: no quota check, but an empty balance is refused clearly", async () => {
    const empty = await createSignedInUser({ planType: "payg", paygCreditBalance: 0, remindersQuota: 0 });
    const emptyContact = await createContact(empty.user.id);
    const refused = await post(empty.cookie, base(emptyContact.id));
    expect(refused.status).toBe(402);
    expect(refused.json.message).toMatch(/balance is empty/);
    expect(await countOf(empty.user.id)).toBe(0);

    const funded = await createSignedInUser({ planType: "payg", paygCreditBalance: 100, remindersQuota: 0 });
    const fundedContact = await createContact(funded.user.id);
    expect((await post(funded.cookie, base(fundedContact.id))).status).toBe(201);
  });

  it("credits bought on a plan allow scheduling past the quota, up to what they cover", async () => {
    // Starter at its quota with 3 cents of credit, one reminder already scheduled: 2 more fit.
    const { user, cookie } = await createSignedInUser({
      planType: "starter",
      subscriptionStatus: "active",
      remindersQuota: 500,
      remindersUsedCurrentPeriod: 500,
      paygCreditBalance: 3,
    });
    const contact = await createContact(user.id);
    await insertReminder(user.id, contact.id);
    expect((await post(cookie, base(contact.id))).status).toBe(201);
    expect((await post(cookie, base(contact.id))).status).toBe(201);
    const refused = await post(cookie, base(contact.id));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "reminder_limit", limit: "reminders" });
    expect(await countOf(user.id)).toBe(3);
  });

  it("holds quota plus credit under 10 concurrent creates: exactly what they cover succeeds", async () => {
    // quota 10, 9 used, 4 cents: 5 fit.
    const { user, cookie } = await createSignedInUser({
      planType: "personal",
      subscriptionStatus: "active",
      remindersQuota: 10,
      remindersUsedCurrentPeriod: 9,
      paygCreditBalance: 4,
    });
    const contact = await createContact(user.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(cookie, base(contact.id))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 403)).toHaveLength(5);
    expect(await countOf(user.id)).toBe(5);
  });

  it("holds the quota under 20 concurrent creates: exactly the remaining ones succeed", async () => {
    // quota 10, 3 used, 2 already scheduled: 5 remain.
    const { user, cookie } = await createSignedInUser({ remindersQuota: 10, remindersUsedCurrentPeriod: 3 });
    const contact = await createContact(user.id);
    await insertReminder(user.id, contact.id);
    await insertReminder(user.id, contact.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(cookie, base(contact.id))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    expect(await countOf(user.id)).toBe(7);
  });

  it("answers 401 when signed out", async () => {
    const res = await callRoute(POST, "/api/reminders", { method: "POST", body: {} });
    expect(res.status).toBe(401);
  });
});
