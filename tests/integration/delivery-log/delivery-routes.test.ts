import { describe, expect, it } from "vitest";
import { GET as reminderDeliveries } from "@/app/api/reminders/[id]/deliveries/route";
import { GET as activity } from "@/app/api/deliveries/route";
import { deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import type { DeliveryEntry } from "@/lib/activity/to-delivery-entry";
import { callRoute } from "@/tests/support/call-route";
import { createContact, createReminder } from "@/tests/support/delivery-fixtures";
import { createSignedInUser } from "@/tests/support/users";

const DAY = 86_400_000;

/** A daily reminder's history written as the engine writes it: one row per occurrence. */
async function dailyHistory(userId: string, contactId: string, days: number) {
  const start = new Date("2030-01-01T09:00:00Z");
  const reminder = await createReminder(userId, contactId, start, {
    scheduleType: "recurring",
    frequency: "daily",
    time: "09:00",
  });
  await db.insert(deliveries).values(
    Array.from({ length: days }, (_, i) => ({
      reminderId: reminder.id,
      workspaceId: userId,
      contactId,
      occurrenceAt: new Date(start.getTime() + i * DAY),
      channel: "email",
      status: "sent",
      attemptCount: 1,
      sentAt: new Date(start.getTime() + i * DAY),
    })),
  );
  return reminder;
}

describe("GET /api/reminders/{id}/deliveries", () => {
  it("pages a long history newest first without repeats, and 404s for another user's reminder", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const reminder = await dailyHistory(user.id, contact.id, 45);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof callRoute<DeliveryEntry[]>>> = await callRoute<DeliveryEntry[]>(
        reminderDeliveries,
        `/api/reminders/${reminder.id}/deliveries`,
        { cookie, params: { id: reminder.id }, query: { limit: "20", ...(cursor ? { cursor } : {}) } },
      );
      expect(res.status).toBe(200);
      seen.push(...res.json.map((d) => d.occurrenceAt));
      cursor = res.headers.get("x-next-cursor");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen[0]).toBe(new Date(Date.parse("2030-01-01T09:00:00Z") + 44 * DAY).toISOString());
    expect([...seen].sort().reverse()).toEqual(seen);

    const other = await createSignedInUser();
    const foreign = await callRoute(reminderDeliveries, `/api/reminders/${reminder.id}/deliveries`, {
      cookie: other.cookie,
      params: { id: reminder.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ code: "reminder_not_found", message: "Reminder not found" });

    const anonymous = await callRoute(reminderDeliveries, `/api/reminders/${reminder.id}/deliveries`, {
      params: { id: reminder.id },
    });
    expect(anonymous.status).toBe(401);

    const bad = await callRoute(reminderDeliveries, `/api/reminders/${reminder.id}/deliveries`, {
      cookie,
      params: { id: reminder.id },
      query: { cursor: "not-a-cursor" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/deliveries (activity)", () => {
  it("lists only the user's deliveries, newest first, filtered by status, channel and contact, keyset-paged", async () => {
    const { user, cookie } = await createSignedInUser();
    const ana = await createContact(user.id, { name: "Ana", phone: "+12125550170" });
    const ben = await createContact(user.id, { name: "Ben", phone: "+12125550171" });
    const r1 = await createReminder(user.id, ana.id, new Date("2031-01-01T10:00:00Z"));
    const r2 = await createReminder(user.id, ben.id, new Date("2031-01-01T10:00:00Z"), {
      deliveryMethod: "sms",
    });
    const base = Date.parse("2031-01-01T10:00:00Z");
    const row = (i: number, values: Partial<typeof deliveries.$inferInsert>) => ({
      reminderId: r1.id,
      workspaceId: user.id,
      contactId: ana.id,
      occurrenceAt: new Date(base + i * 60_000),
      channel: "email",
      status: "sent",
      ...values,
    });
    await db
      .insert(deliveries)
      .values([
        row(0, {}),
        row(1, { status: "failed", errorCode: "550" }),
        row(2, {
          reminderId: r2.id,
          contactId: ben.id,
          channel: "sms",
          status: "failed",
          errorCode: "opted_out",
        }),
        row(3, { reminderId: r2.id, contactId: ben.id, channel: "sms", status: "delivered" }),
        row(4, { status: "held", nextAttemptAt: new Date(base + DAY) }),
      ]);
    // Someone else's delivery never shows.
    const stranger = await createSignedInUser();
    const theirs = await createContact(stranger.user.id);
    const theirReminder = await createReminder(stranger.user.id, theirs.id, new Date(base));
    await db.insert(deliveries).values({
      reminderId: theirReminder.id,
      workspaceId: stranger.user.id,
      contactId: theirs.id,
      occurrenceAt: new Date(base),
      channel: "email",
      status: "failed",
      errorCode: "550",
    });

    const list = async (query: Record<string, string>) => {
      const res = await callRoute<DeliveryEntry[]>(activity, "/api/deliveries", { cookie, query });
      expect(res.status).toBe(200);
      return { items: res.json, next: res.headers.get("x-next-cursor") };
    };
    const all = await list({});
    expect(all.items.map((d) => d.occurrenceAt)).toEqual(
      [4, 3, 2, 1, 0].map((i) => new Date(base + i * 60_000).toISOString()),
    );
    expect((await list({ status: "failed" })).items.map((d) => d.reason?.code)).toEqual(["smtp_permanent"]);
    const skipped = await list({ status: "skipped" });
    expect(skipped.items.map((d) => [d.status, d.reason?.code, d.contactName])).toEqual([
      ["skipped", "opted_out", "Ben"],
    ]);
    expect((await list({ channel: "sms" })).items.map((d) => d.status)).toEqual(["delivered", "skipped"]);
    expect((await list({ contactId: ana.id })).items).toHaveLength(3);
    expect((await list({ contactId: theirs.id })).items).toHaveLength(0);

    const first = await list({ limit: "2" });
    expect(first.items).toHaveLength(2);
    const second = await list({ limit: "2", cursor: first.next! });
    const third = await list({ limit: "2", cursor: second.next! });
    expect(third.next).toBeNull();
    expect([...first.items, ...second.items, ...third.items].map((d) => d.id)).toEqual(
      all.items.map((d) => d.id),
    );

    const bad = await callRoute(activity, "/api/deliveries", { cookie, query: { status: "lost" } });
    expect(bad.status).toBe(400);
  });
});
