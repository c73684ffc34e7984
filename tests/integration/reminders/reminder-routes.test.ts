import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE, PUT } from "@/app/api/reminders/[id]/route";
import { POST as RETRY } from "@/app/api/reminders/[id]/retry/route";
import { POST as SEND } from "@/app/api/reminders/[id]/send/route";
import { GET } from "@/app/api/reminders/route";
import { deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const reload = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];

describe("GET /api/reminders", () => {
  it("lists only the user's reminders, newest first, with contact name and preview", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const contact = await createContact(user.id, { name: "Dad" });
    const theirContact = await createContact(other.user.id);
    await insertReminder(other.user.id, theirContact.id);
    const older = await insertReminder(user.id, contact.id, { createdAt: new Date("2026-01-01T00:00:00Z") });
    const recurring = await insertReminder(user.id, contact.id, {
      scheduleType: "recurring",
      frequency: "weekly",
      time: "09:00",
      days: ["Mon", "Thu"],
      endCondition: "after",
      endAfterCount: 10,
      timezone: "Europe/London",
      scheduledFor: new Date("2030-01-03T09:00:00Z"),
      nextRunAt: new Date("2030-01-03T09:00:00Z"),
    });
    const res = await callRoute<Record<string, unknown>[]>(GET, "/api/reminders", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.map((r) => r.id)).toEqual([recurring.id, older.id]);
    expect(res.json[0]).toMatchObject({
      contactName: "Dad",
      scheduledFor: "2030-01-03T09:00:00.000Z",
      frequencyConfig: { time: "09:00", days: ["Mon", "Thu"], endCondition: "after", endAfterCount: 10 },
      nextOccurrences: ["2030-01-03T09:00:00.000Z", "2030-01-07T09:00:00.000Z", "2030-01-10T09:00:00.000Z"],
    });
    expect(res.headers.get("x-next-cursor")).toBeNull();
  });

  it("pages with a cursor without skipping or repeating rows that share a timestamp", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const same = new Date("2026-05-05T05:05:05.123Z");
    const ids = new Set<string>();
    for (let i = 0; i < 7; i += 1)
      ids.add((await insertReminder(user.id, contact.id, { createdAt: same })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { json: { id: string }[]; headers: Headers } = await callRoute<{ id: string }[]>(
        GET,
        "/api/reminders",
        { cookie, query: { limit: "3", ...(cursor ? { cursor } : {}) } },
      );
      seen.push(...res.json.map((r) => r.id));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(ids);
  });

  it("filters by status and gives the schedule view soonest first", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const late = await insertReminder(user.id, contact.id, { nextRunAt: new Date("2031-01-01T00:00:00Z") });
    const soon = await insertReminder(user.id, contact.id, { nextRunAt: new Date("2030-01-01T00:00:00Z") });
    const failed = await insertReminder(user.id, contact.id, { status: "failed", nextRunAt: null });
    const failedOnly = await callRoute<{ id: string }[]>(GET, "/api/reminders", {
      cookie,
      query: { status: "failed" },
    });
    expect(failedOnly.json.map((r) => r.id)).toEqual([failed.id]);
    const schedule = await callRoute<{ id: string }[]>(GET, "/api/reminders", {
      cookie,
      query: { view: "schedule" },
    });
    expect(schedule.json.map((r) => r.id)).toEqual([soon.id, late.id]);
  });

  it("refuses a bad query", async () => {
    const { cookie } = await createSignedInUser();
    const queries: Record<string, string>[] = [{ status: "lost" }, { limit: "0" }, { cursor: "garbage" }];
    for (const query of queries) {
      const res = await callRoute(GET, "/api/reminders", { cookie, query });
      expect(res.status).toBe(400);
    }
  });
});

describe("PUT /api/reminders/{id}", () => {
  const body = (contactId: string) => ({
    contactId,
    type: "text",
    message: "Edited",
    deliveryMethod: "sms",
    scheduleType: "recurring",
    frequency: "yearly",
    frequencyConfig: { time: "07:30", month: 2, dayOfMonth: 29, endCondition: "never" },
  });

  it("edits, recomputes the next run in the user's zone and keeps occurrencesSent", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "Asia/Tokyo" });
    const contact = await createContact(user.id);
    const row = await insertReminder(user.id, contact.id, { occurrencesSent: 2 });
    const res = await callRoute(PUT, `/api/reminders/${row.id}`, {
      method: "PUT",
      cookie,
      params: { id: row.id },
      body: body(contact.id),
    });
    expect(res.status).toBe(200);
    const saved = await reload(row.id);
    expect(saved).toMatchObject({
      message: "Edited",
      frequency: "yearly",
      month: 2,
      dayOfMonth: 29,
      occurrencesSent: 2,
    });
    expect(saved.timezone).toBe("Asia/Tokyo");
    // 07:30 Tokyo is 22:30 UTC the day before; Feb 29 or Feb 28 local.
    expect(saved.nextRunAt?.toISOString()).toMatch(/-02-2[78]T22:30:00\.000Z$/);
    expect(saved.nextRunAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it("answers 404 for another user's reminder and changes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const theirContact = await createContact(other.user.id);
    const theirs = await insertReminder(other.user.id, theirContact.id);
    const mine = await createContact(user.id);
    const res = await callRoute(PUT, `/api/reminders/${theirs.id}`, {
      method: "PUT",
      cookie,
      params: { id: theirs.id },
      body: body(mine.id),
    });
    expect(res.status).toBe(404);
    expect(await reload(theirs.id)).toEqual(theirs);
  });

  it("refuses invalid input and another user's contact, changing nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const contact = await createContact(user.id);
    const theirContact = await createContact(other.user.id);
    const row = await insertReminder(user.id, contact.id);
    const call = (payload: unknown) =>
      callRoute(PUT, `/api/reminders/${row.id}`, {
        method: "PUT",
        cookie,
        params: { id: row.id },
        body: payload,
      });
    expect((await call({ ...body(contact.id), message: "" })).json.message).toBe("Please enter a message");
    expect((await call(body(theirContact.id))).status).toBe(404);
    expect(await reload(row.id)).toEqual(row);
  });

  it("answers an unknown or uneditable reminder before the body's rules, and a malformed body before both", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const contact = await createContact(user.id);
    const theirs = await insertReminder(other.user.id, await createContact(other.user.id).then((c) => c.id));
    const cancelled = await insertReminder(user.id, contact.id, { status: "cancelled", nextRunAt: null });
    const put = (id: string, payload: unknown) =>
      callRoute(PUT, `/api/reminders/${id}`, { method: "PUT", cookie, params: { id }, body: payload });
    const noContact = { ...body(contact.id), contactId: null };
    expect((await put(theirs.id, noContact)).json).toMatchObject({ code: "reminder_not_found" });
    expect((await put(cancelled.id, noContact)).json).toMatchObject({ code: "reminder_not_scheduled" });
    const malformed = await put(theirs.id, { ...noContact, deliveryMethod: "pigeon" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toMatch(/^deliveryMethod: /);
  });

  it("refuses to edit a cancelled reminder", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const row = await insertReminder(user.id, contact.id, { status: "cancelled", nextRunAt: null });
    const res = await callRoute(PUT, `/api/reminders/${row.id}`, {
      method: "PUT",
      cookie,
      params: { id: row.id },
      body: body(contact.id),
    });
    expect(res.status).toBe(409);
  });
});

describe("DELETE /api/reminders/{id} (cancel)", () => {
  it("cancels: no next run, status cancelled, the row kept", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const row = await insertReminder(user.id, contact.id, { occurrencesSent: 1 });
    const res = await callRoute(DELETE, `/api/reminders/${row.id}`, {
      method: "DELETE",
      cookie,
      params: { id: row.id },
    });
    expect(res.status).toBe(200);
    const saved = await reload(row.id);
    expect(saved).toMatchObject({ status: "cancelled", nextRunAt: null, occurrencesSent: 1 });
    expect(saved.cancelledAt).toBeInstanceOf(Date);
  });

  it("answers 404 for another user's reminder and 409 for a sent one", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const theirs = await insertReminder(other.user.id, (await createContact(other.user.id)).id);
    const res = await callRoute(DELETE, `/api/reminders/${theirs.id}`, {
      method: "DELETE",
      cookie,
      params: { id: theirs.id },
    });
    expect(res.status).toBe(404);
    expect((await reload(theirs.id)).status).toBe("scheduled");
    const sent = await insertReminder(user.id, (await createContact(user.id)).id, {
      status: "sent",
      nextRunAt: null,
    });
    const again = await callRoute(DELETE, `/api/reminders/${sent.id}`, {
      method: "DELETE",
      cookie,
      params: { id: sent.id },
    });
    expect(again.status).toBe(409);
    expect((await reload(sent.id)).status).toBe("sent");
  });
});

describe("POST /api/reminders/{id}/send and /retry", () => {
  it("send: 404 for another user's, 400 for e-mail, 409 when not scheduled", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const theirs = await insertReminder(other.user.id, (await createContact(other.user.id)).id);
    const contact = await createContact(user.id);
    const email = await insertReminder(user.id, contact.id, { deliveryMethod: "email" });
    const failed = await insertReminder(user.id, contact.id, { status: "failed" });
    const send = (id: string) =>
      callRoute(SEND, `/api/reminders/${id}/send`, { method: "POST", cookie, params: { id } });
    expect((await send(theirs.id)).status).toBe(404);
    expect((await send(email.id)).status).toBe(400);
    expect((await send(failed.id)).status).toBe(409);
  });

  it("send: answers { success, error } for a scheduled SMS reminder", async () => {
    const { user, cookie } = await createSignedInUser();
    const row = await insertReminder(user.id, (await createContact(user.id)).id);
    const res = await callRoute(SEND, `/api/reminders/${row.id}/send`, {
      method: "POST",
      cookie,
      params: { id: row.id },
    });
    expect(res.status).toBe(200);
    expect(typeof res.json.success).toBe("boolean");
    expect(res.json).toHaveProperty("error");
  });

  it("retry: queues a failed reminder's occurrence again; 409 otherwise; 404 for another user's", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const contact = await createContact(user.id);
    const failed = await insertReminder(user.id, contact.id, {
      status: "failed",
      nextRunAt: null,
      lastError: "boom",
    });
    const occurrenceAt = new Date("2026-03-01T09:00:00Z");
    await db.insert(deliveries).values({
      reminderId: failed.id,
      workspaceId: user.id,
      contactId: contact.id,
      occurrenceAt,
      channel: "email",
      status: "failed",
      error: "boom",
      attemptCount: 3,
    });
    const scheduled = await insertReminder(user.id, contact.id);
    const theirs = await insertReminder(other.user.id, (await createContact(other.user.id)).id, {
      status: "failed",
    });
    const retry = (id: string) =>
      callRoute(RETRY, `/api/reminders/${id}/retry`, { method: "POST", cookie, params: { id } });
    expect((await retry(theirs.id)).status).toBe(404);
    expect((await reload(theirs.id)).status).toBe("failed");
    expect((await retry(scheduled.id)).status).toBe(409);
    const res = await retry(failed.id);
    expect(res.json).toMatchObject({ success: true });
    const saved = await reload(failed.id);
    expect(saved.status).toBe("scheduled");
    // The failed occurrence itself is queued again for the engine, as a first attempt.
    const [attempt] = await db.select().from(deliveries).where(eq(deliveries.reminderId, failed.id));
    expect(attempt).toMatchObject({ status: "queued", attemptCount: 0, occurrenceAt });
    expect(attempt.nextAttemptAt).toBeInstanceOf(Date);
  });
});
