import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as RESTORE } from "@/app/api/reminders/[id]/restore/route";
import { DELETE as CANCEL } from "@/app/api/reminders/[id]/route";
import { UNDO_WINDOW_MS } from "@/config/undo";
import { deliveries, reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { restoreReminder } from "@/lib/reminders/restore-reminder";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser, ownActor } from "../../support/users";

const reload = async (id: string) => (await db.select().from(reminders).where(eq(reminders.id, id)))[0];
const restore = (id: string, cookie: string) =>
  callRoute(RESTORE, `/api/reminders/${id}/restore`, { method: "POST", cookie, params: { id } });

describe("Undo of a cancelled reminder", () => {
  it("puts a once reminder back as it was within the window, once, and tells webhook consumers", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example.com/undo",
      events: ["reminder.cancelled", "reminder.restored"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const reminder = await insertReminder(user.id, contact.id);

    const cancelled = await callRoute(CANCEL, `/api/reminders/${reminder.id}`, {
      method: "DELETE",
      cookie,
      params: { id: reminder.id },
    });
    expect(cancelled.status).toBe(200);
    expect((await reload(reminder.id)).nextRunAt).toBeNull();

    const res = await restore(reminder.id, cookie);
    expect(res.status).toBe(200);
    const row = await reload(reminder.id);
    expect(row.status).toBe("scheduled");
    expect(row.cancelledAt).toBeNull();
    expect(row.nextRunAt?.toISOString()).toBe(reminder.nextRunAt?.toISOString());

    // A second press answers as the first did and writes nothing more.
    expect((await restore(reminder.id, cookie)).status).toBe(200);
    const events = await db
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.workspaceId, user.id));
    expect(events.map((e) => e.type).sort()).toEqual(["reminder.cancelled", "reminder.restored"]);
    const restored = events.find((e) => e.type === "reminder.restored");
    expect(restored?.payload).toMatchObject({
      data: { reminderId: reminder.id, contactId: contact.id, nextRunAt: reminder.nextRunAt?.toISOString() },
    });
  });

  it("recomputes a recurring reminder's next run after the last occurrence the engine took on", async () => {
    const { user } = await createSignedInUser();
    const contact = await createContact(user.id);
    const first = new Date("2031-03-10T08:00:00Z");
    const reminder = await insertReminder(user.id, contact.id, {
      scheduleType: "recurring",
      scheduledFor: first,
      frequency: "daily",
      time: "09:00",
      endCondition: "never",
      timezone: "Europe/Madrid",
      nextRunAt: new Date("2031-03-12T08:00:00Z"),
      occurrencesSent: 2,
    });
    for (const day of ["10", "11"]) {
      await db.insert(deliveries).values({
        reminderId: reminder.id,
        workspaceId: user.id,
        contactId: contact.id,
        occurrenceAt: new Date(`2031-03-${day}T08:00:00Z`),
        channel: "sms",
        status: "sent",
      });
    }
    const cancelAt = new Date("2031-03-11T12:00:00Z");
    await cancelReminder(await ownActor(user.id), reminder.id, cancelAt);
    await restoreReminder(await ownActor(user.id), reminder.id, new Date(cancelAt.getTime() + 5_000));
    expect((await reload(reminder.id)).nextRunAt?.toISOString()).toBe("2031-03-12T08:00:00.000Z");
  });

  it("refuses after the window with undo_expired and changes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const reminder = await insertReminder(user.id, contact.id);
    await cancelReminder(await ownActor(user.id), reminder.id, new Date(Date.now() - UNDO_WINDOW_MS - 1_000));

    const before = await snapshotDatabase();
    const res = await restore(reminder.id, cookie);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "undo_expired" });
    expect(await snapshotDatabase()).toEqual(before);
    expect((await reload(reminder.id)).status).toBe("cancelled");
  });

  it("answers 404 for another user's reminder and leaves it cancelled", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const contact = await createContact(a.user.id);
    const reminder = await insertReminder(a.user.id, contact.id);
    await cancelReminder(await ownActor(a.user.id), reminder.id);

    expect((await restore(reminder.id, b.cookie)).status).toBe(404);
    expect((await reload(reminder.id)).status).toBe("cancelled");
  });
});
