import { and, asc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as RESTORE } from "@/app/api/reminders/[id]/restore/route";
import { POST as RETRY } from "@/app/api/reminders/[id]/retry/route";
import { DELETE, PUT } from "@/app/api/reminders/[id]/route";
import { POST as SEND } from "@/app/api/reminders/[id]/send/route";
import { POST } from "@/app/api/reminders/route";
import { deliveries, reminders, webhookEndpoints, webhookMessages } from "@/db/schema";
import { db } from "@/lib/db";
import { cancelReminder } from "@/lib/reminders/cancel-reminder";
import { createReminder } from "@/lib/reminders/create-reminder";
import { restoreReminder } from "@/lib/reminders/restore-reminder";
import { reminderInputSchema } from "@/lib/validations/reminder";
import { callRoute } from "../../support/call-route";
import { createGroup, createMembers, groupBody, wallTime } from "../../support/group-reminders";
import { createContact } from "../../support/reminders";
import { createSignedInUser, ownActor } from "../../support/users";

const at = (id: string) => `/api/reminders/${id}`;
const put = (cookie: string, id: string, body: unknown) =>
  callRoute(PUT, at(id), { method: "PUT", cookie, params: { id }, body });
const cancel = (cookie: string, id: string) =>
  callRoute(DELETE, at(id), { method: "DELETE", cookie, params: { id } });
const restore = (cookie: string, id: string) =>
  callRoute(RESTORE, `${at(id)}/restore`, { method: "POST", cookie, params: { id } });
const send = (cookie: string, id: string) =>
  callRoute(SEND, `${at(id)}/send`, { method: "POST", cookie, params: { id }, body: {} });
const retry = (cookie: string, id: string) =>
  callRoute(RETRY, `${at(id)}/retry`, { method: "POST", cookie, params: { id } });

const membersOf = (parentId: string) =>
  db
    .select()
    .from(reminders)
    .where(eq(reminders.parentReminderId, parentId))
    .orderBy(asc(reminders.timezone));

async function groupReminder(options: { quota?: number } = {}) {
  const signedIn = await createSignedInUser({
    timezone: "Europe/Paris",
    ...(options.quota !== undefined ? { remindersQuota: options.quota, remindersUsedCurrentPeriod: 0 } : {}),
  });
  const members = await createMembers(signedIn.user.id, ["America/New_York", "Asia/Tokyo"]);
  const group = await createGroup(
    signedIn.user.id,
    members.map((m) => m.id),
  );
  const created = await callRoute(POST, "/api/reminders", {
    method: "POST",
    cookie: signedIn.cookie,
    body: groupBody(group.id),
  });
  expect(created.status).toBe(201);
  return { ...signedIn, members, group, id: created.json.id as string };
}

describe("a group reminder's edit, cancel, undo and Send now", () => {
  it("an edit rewrites every member reminder from the group reminder", async () => {
    const { cookie, id } = await groupReminder();
    const res = await put(
      cookie,
      id,
      groupBody((await db.select().from(reminders).where(eq(reminders.id, id)))[0].groupId ?? "", {
        message: "Practice moved to 19:30",
        frequencyConfig: { time: "19:30", days: ["Tue"], endCondition: "never" },
        fallback: [{ channel: "email" }],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      memberCount: 2,
      groupName: "Choir",
      fallback: [{ channel: "email", afterMinutes: null }],
    });
    const members = await membersOf(id);
    expect(members).toHaveLength(2);
    for (const member of members) {
      expect(member.message).toBe("Practice moved to 19:30");
      expect(member.fallbackChannels).toEqual(["email"]);
      const wall = wallTime(member.nextRunAt, member.timezone) ?? "";
      expect(wall).toMatch(/T19:30$/);
      expect(new Date(wall.slice(0, 10)).getUTCDay()).toBe(2);
    }
  });

  it("an edit to another group moves the member reminders to its members", async () => {
    const { user, cookie, id } = await groupReminder();
    const [newcomer] = await createMembers(user.id, ["Europe/London"]);
    const band = await createGroup(user.id, [newcomer.id], "Band");
    const res = await put(cookie, id, groupBody(band.id));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ groupId: band.id, groupName: "Band", memberCount: 1 });
    const members = await membersOf(id);
    expect(members.map((m) => [m.contactId === newcomer.id, m.status])).toEqual([
      [false, "cancelled"],
      [false, "cancelled"],
      [true, "scheduled"],
    ]);
  });

  it("an edit that needs more per occurrence checks only the difference against the quota", async () => {
    // Two members hold two of the quota's four: becoming a call needs six in all, four more.
    const { cookie, id, group } = await groupReminder({ quota: 4 });
    const refused = await put(cookie, id, groupBody(group.id, { deliveryMethod: "call" }));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "group_over_quota", needed: 4, available: 2 });
    expect((await membersOf(id)).map((m) => m.deliveryMethod)).toEqual(["sms", "sms"]);
    // The same size edit needs nothing more.
    expect((await put(cookie, id, groupBody(group.id, { message: "Same size" }))).status).toBe(200);
  });

  it("a group reminder stays a group's, a contact's stays a contact's (409 reminder_recipient_fixed)", async () => {
    const { user, cookie, id, members } = await groupReminder();
    const toContact = await put(cookie, id, { ...groupBody(""), groupId: null, contactId: members[0].id });
    expect(toContact.status).toBe(409);
    expect(toContact.json.code).toBe("reminder_recipient_fixed");

    const contact = await createContact(user.id);
    const single = await callRoute(POST, "/api/reminders", {
      method: "POST",
      cookie,
      body: { ...groupBody(""), groupId: null, contactId: contact.id },
    });
    expect(single.status).toBe(201);
    const group = await createGroup(user.id, [contact.id], "Solo");
    const toGroup = await put(cookie, single.json.id as string, groupBody(group.id));
    expect(toGroup.status).toBe(409);
    expect(toGroup.json.code).toBe("reminder_recipient_fixed");
  });

  it("cancel stops every member reminder; Undo brings them back, due again; webhook events name the group", async () => {
    const { user, cookie, id, group } = await groupReminder();
    await db.insert(webhookEndpoints).values({
      workspaceId: user.id,
      url: "https://hooks.example.com/groups",
      events: ["reminder.created", "reminder.cancelled", "reminder.restored"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    const before = await membersOf(id);

    expect((await cancel(cookie, id)).status).toBe(200);
    const stopped = await membersOf(id);
    expect(stopped.map((m) => [m.status, m.nextRunAt])).toEqual([
      ["cancelled", null],
      ["cancelled", null],
    ]);
    const [parent] = await db.select().from(reminders).where(eq(reminders.id, id));
    expect(stopped.every((m) => m.cancelledAt?.getTime() === parent.cancelledAt?.getTime())).toBe(true);

    expect((await restore(cookie, id)).status).toBe(200);
    const revived = await membersOf(id);
    expect(revived.map((m) => [m.id, m.status, m.nextRunAt?.toISOString()])).toEqual(
      before.map((m) => [m.id, "scheduled", m.nextRunAt?.toISOString()]),
    );

    const events = await db
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(eq(webhookMessages.workspaceId, user.id));
    expect(events.map((e) => e.type).sort()).toEqual(["reminder.cancelled", "reminder.restored"]);
    for (const event of events)
      expect(event.payload).toMatchObject({ data: { reminderId: id, contactId: null, groupId: group.id } });
  });

  it("a member reminder is not edited, cancelled, restored, sent or retried on its own (409)", async () => {
    const { cookie, id, members } = await groupReminder();
    const [member] = await membersOf(id);
    const body = { ...groupBody(""), groupId: null, contactId: members[0].id };
    for (const res of [
      await put(cookie, member.id, body),
      await cancel(cookie, member.id),
      await restore(cookie, member.id),
      await send(cookie, member.id),
      await retry(cookie, member.id),
    ]) {
      expect(res.status).toBe(409);
      expect(res.json.code).toBe("member_reminder_read_only");
    }
    expect((await membersOf(id)).every((m) => m.status === "scheduled")).toBe(true);
  });

  it("Send now and Retry refuse a group reminder (400 group_send_now) and send nothing", async () => {
    const { user, cookie, id } = await groupReminder();
    for (const res of [await send(cookie, id), await retry(cookie, id)]) {
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("group_send_now");
    }
    expect(await db.select().from(deliveries).where(eq(deliveries.workspaceId, user.id))).toHaveLength(0);
  });

  it("another user's group reminder and its members are 404 to every action", async () => {
    const { id } = await groupReminder();
    const [member] = await membersOf(id);
    const { cookie } = await createSignedInUser();
    for (const target of [id, member.id]) {
      for (const res of [
        await cancel(cookie, target),
        await restore(cookie, target),
        await send(cookie, target),
      ]) {
        expect(res.status).toBe(404);
      }
    }
    const live = await db
      .select()
      .from(reminders)
      .where(and(eq(reminders.status, "scheduled"), isNotNull(reminders.parentReminderId)));
    expect(live.filter((m) => m.parentReminderId === id)).toHaveLength(2);
  });

  it("Undo of a group reminder made weeks ago resumes at its next occurrence, as its members do", async () => {
    const { user } = await createSignedInUser({ timezone: "Europe/Paris" });
    const people = await createMembers(user.id, ["Asia/Tokyo"]);
    const group = await createGroup(
      user.id,
      people.map((p) => p.id),
    );
    const weeksAgo = new Date(Date.now() - 21 * 86_400_000);
    const created = await createReminder(
      await ownActor(user.id),
      reminderInputSchema.parse(groupBody(group.id)),
      weeksAgo,
    );
    const now = new Date();
    await cancelReminder(await ownActor(user.id), created.id, now);
    const restored = await restoreReminder(await ownActor(user.id), created.id, now);
    expect(restored.nextRunAt?.getTime()).toBeGreaterThan(now.getTime());
    expect(restored.nextRunAt?.getTime()).toBeLessThanOrEqual(now.getTime() + 7 * 86_400_000);
    const [member] = await membersOf(created.id);
    expect(member.status).toBe("scheduled");
    expect(member.nextRunAt?.getTime()).toBeGreaterThan(now.getTime());
  });
});
