import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as MEMBERS } from "@/app/api/reminders/[id]/members/route";
import { GET as CONTACTS } from "@/app/api/contacts/route";
import { GET as LIST } from "@/app/api/reminders/route";
import { contacts, deliveries, reminders, workspaces } from "@/db/schema";
import { db } from "@/lib/db";
import { getCalendarFeed } from "@/lib/calendar/get-calendar-feed";
import { listScheduleOccurrences } from "@/lib/calendar/list-schedule-occurrences";
import { rotateCalendarToken } from "@/lib/calendar/rotate-calendar-token";
import { getDashboardData } from "@/lib/dashboard/get-dashboard-data";
import { createReminder } from "@/lib/reminders/create-reminder";
import { reminderInputSchema } from "@/lib/validations/reminder";
import { callRoute } from "../../support/call-route";
import { createGroup, createMembers, groupBody } from "../../support/group-reminders";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser, ownActor } from "../../support/users";

// A Friday: every member's next occurrence is Thursday 14 March 2030 at 18:00 in their zone.
const NOW = new Date("2030-03-08T12:00:00Z");
const ZONES = ["America/New_York", "Europe/Paris", "Asia/Tokyo", "Europe/London", "Australia/Sydney"];

type MembersAnswer = {
  occurrence: string | null;
  members: {
    reminderId: string;
    contactId: string;
    name: string;
    status: string;
    deliveries: Record<string, unknown>[];
  }[];
  totals: Record<string, number>;
  nextCursor: string | null;
};

const members = (cookie: string, id: string, query: Record<string, string> = {}) =>
  callRoute<MembersAnswer>(MEMBERS, `/api/reminders/${id}/members`, { cookie, params: { id }, query });

describe("GET /api/reminders/{id}/members", () => {
  let cookie = "";
  let userId = "";
  let groupReminderId = "";
  let children: { id: string; contactId: string | null; nextRunAt: Date | null }[] = [];

  beforeAll(async () => {
    const signedIn = await createSignedInUser({ timezone: "Europe/Paris" });
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
    const people = await createMembers(userId, ZONES);
    const group = await createGroup(
      userId,
      people.map((p) => p.id),
    );
    const body = reminderInputSchema.parse(
      groupBody(group.id, {
        deliveryMethod: "whatsapp",
        askConfirmation: true,
        fallback: [{ channel: "sms" }],
      }),
    );
    groupReminderId = (await createReminder(await ownActor(userId), body, NOW)).id;
    children = await db
      .select({ id: reminders.id, contactId: reminders.contactId, nextRunAt: reminders.nextRunAt })
      .from(reminders)
      .innerJoin(contacts, eq(contacts.id, reminders.contactId))
      .where(eq(reminders.parentReminderId, groupReminderId))
      .orderBy(asc(contacts.name));
    const step = (i: number, values: Partial<typeof deliveries.$inferInsert>) => ({
      reminderId: children[i].id,
      workspaceId: userId,
      contactId: children[i].contactId ?? "",
      occurrenceAt: children[i].nextRunAt ?? NOW,
      channel: "whatsapp",
      status: "queued",
      ...values,
    });
    const sentAt = new Date("2030-03-14T23:00:05Z");
    await db.insert(deliveries).values([
      // Member 1: WhatsApp failed for good, the SMS went out and was confirmed.
      step(0, { status: "failed", error: "No WhatsApp opt-in", errorCode: "no_consent", confirmation: null }),
      step(0, { channel: "sms", fallbackStep: 1, status: "sent", sentAt, confirmation: "confirmed" }),
      // Member 2: delivered and opened; a week earlier it had failed (not this occurrence).
      step(1, { status: "delivered", sentAt, playedAt: sentAt, confirmation: "awaiting" }),
      step(1, {
        occurrenceAt: new Date((children[1].nextRunAt ?? NOW).getTime() - 7 * 86_400_000),
        status: "failed",
        errorCode: "30003",
      }),
      // Member 3: both channels failed.
      step(2, { status: "failed", error: "Unreachable", errorCode: "63016" }),
      step(2, {
        channel: "sms",
        fallbackStep: 1,
        status: "failed",
        error: "Unreachable",
        errorCode: "30003",
      }),
      // Member 4: still going out (held for quiet hours). Member 5: not yet due.
      step(3, { status: "held", nextAttemptAt: new Date("2030-03-15T07:00:00Z") }),
    ]);
  });

  it("lists each member by name with the latest occurrence's steps, and that occurrence's totals", async () => {
    const res = await members(cookie, groupReminderId);
    expect(res.status).toBe(200);
    expect(res.json.occurrence).toBe("2030-03-14");
    expect(res.json.totals).toEqual({
      occurrence: "2030-03-14",
      members: 5,
      sent: 2,
      delivered: 1,
      failed: 1,
      confirmed: 1,
      played: 1,
      pending: 2,
    });
    expect(res.json.members.map((m) => [m.name, m.status, m.deliveries.length])).toEqual([
      ["Member 1", "scheduled", 2],
      ["Member 2", "scheduled", 1],
      ["Member 3", "scheduled", 2],
      ["Member 4", "scheduled", 1],
      ["Member 5", "scheduled", 0],
    ]);
    expect(res.json.members[0]).toMatchObject({
      reminderId: children[0].id,
      contactId: children[0].contactId,
    });
    expect(res.json.members[0].deliveries).toEqual([
      {
        channel: "whatsapp",
        status: "failed",
        error: "No WhatsApp opt-in",
        errorCode: "no_consent",
        confirmation: null,
        playedAt: null,
        sentAt: null,
        nextAttemptAt: null,
        fallbackStep: 0,
        requestedChannel: null,
      },
      {
        channel: "sms",
        status: "sent",
        error: null,
        errorCode: null,
        confirmation: "confirmed",
        playedAt: null,
        sentAt: "2030-03-14T23:00:05.000Z",
        nextAttemptAt: null,
        fallbackStep: 1,
        requestedChannel: null,
      },
    ]);
    expect(res.json.members[1].deliveries).toEqual([
      expect.objectContaining({ status: "delivered", playedAt: "2030-03-14T23:00:05.000Z" }),
    ]);
    // A step held for quiet hours says when it goes (the History words it "until 08:00").
    expect(res.json.members[3].deliveries).toEqual([
      expect.objectContaining({ status: "held", nextAttemptAt: "2030-03-15T07:00:00.000Z" }),
    ]);
    expect(res.json.nextCursor).toBeNull();
  });

  it("pages by name without skipping or repeating anyone, with the totals on every page", async () => {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof members>> = await members(cookie, groupReminderId, {
        limit: "2",
        ...(cursor ? { cursor } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.json.totals.members).toBe(5);
      names.push(...res.json.members.map((m) => m.name));
      cursor = res.json.nextCursor;
    } while (cursor);
    expect(names).toEqual(["Member 1", "Member 2", "Member 3", "Member 4", "Member 5"]);
  });

  it("answers 404 for another user's group reminder, a reminder to one contact, and a bad cursor 400", async () => {
    const other = await createSignedInUser();
    expect((await members(other.cookie, groupReminderId)).status).toBe(404);
    const contact = await createContact(userId);
    const single = await insertReminder(userId, contact.id);
    expect((await members(cookie, single.id)).status).toBe(404);
    expect((await members(cookie, children[0].id)).status).toBe(404);
    expect((await members(cookie, groupReminderId, { cursor: "nope" })).status).toBe(400);
  });

  it("the lists show the group reminder once, with its group and members, and never a member reminder", async () => {
    for (const view of ["recent", "schedule"]) {
      const res = await callRoute<Record<string, unknown>[]>(LIST, "/api/reminders", {
        cookie,
        query: { view },
      });
      expect(res.status).toBe(200);
      const ids = res.json.map((r) => r.id);
      expect(ids.filter((id) => id === groupReminderId)).toHaveLength(1);
      for (const child of children) expect(ids).not.toContain(child.id);
      expect(res.json.find((r) => r.id === groupReminderId)).toMatchObject({
        recipient: "group",
        groupName: "Choir",
        memberCount: 5,
        contactName: null,
        fallback: [{ channel: "sms", afterMinutes: null }],
        // Filled per member when sent: the raw message stays for editing...
        message: "Choir practice tonight, {first_name}",
        // ...and the lists show it as the first member by name reads it, naming them.
        messageText: "Choir practice tonight, Member",
        messageFor: "Member 1",
      });
    }
  });

  it("the contacts list does not count a member's share of a group reminder as a reminder of theirs", async () => {
    const res = await callRoute<{ id: string; reminderCount: number }[]>(CONTACTS, "/api/contacts", {
      cookie,
    });
    expect(res.status).toBe(200);
    const counts = new Map(res.json.map((c) => [c.id, c.reminderCount]));
    for (const child of children) expect(counts.get(child.contactId ?? "")).toBe(0);
  });

  it("the dashboard counts the group reminder once", async () => {
    const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, userId));
    const data = await getDashboardData(workspace);
    // The group reminder and the one-contact reminder made above; not the five member reminders.
    expect(data.activeReminders).toBe(2);
  });

  it("the schedule calendar shows each group occurrence once, at the group's time, as the whole group stands", async () => {
    const page = await listScheduleOccurrences(userId, {
      from: new Date("2030-03-09T00:00:00Z"),
      to: new Date("2030-03-23T00:00:00Z"),
    });
    const ofGroup = page.occurrences.filter((o) => o.reminderId === groupReminderId);
    // Paris 18:00 both Thursdays; the first is still going out (Member 4's is held).
    expect(ofGroup).toEqual([
      { reminderId: groupReminderId, at: "2030-03-14T17:00:00.000Z", status: "scheduled" },
      { reminderId: groupReminderId, at: "2030-03-21T17:00:00.000Z", status: "scheduled" },
    ]);
    const childIds = new Set(children.map((c) => c.id));
    expect(page.occurrences.filter((o) => childIds.has(o.reminderId))).toEqual([]);
    expect(page.reminders.map((r) => r.id)).toContain(groupReminderId);
    expect(page.reminders.find((r) => r.id === groupReminderId)).toMatchObject({
      groupName: "Choir",
      memberCount: 5,
    });
    expect(page.reminders.filter((r) => childIds.has(r.id))).toEqual([]);

    // Once every member's is settled, the occurrence is sent (some went out).
    await db
      .update(deliveries)
      .set({ status: "sent", sentAt: new Date("2030-03-14T18:00:00Z") })
      .where(eq(deliveries.reminderId, children[3].id));
    const settled = await listScheduleOccurrences(userId, {
      from: new Date("2030-03-09T00:00:00Z"),
      to: new Date("2030-03-16T00:00:00Z"),
    });
    expect(settled.occurrences.filter((o) => o.reminderId === groupReminderId)).toEqual([
      { reminderId: groupReminderId, at: "2030-03-14T17:00:00.000Z", status: "sent" },
    ]);
    await db
      .update(deliveries)
      .set({ status: "held", sentAt: null })
      .where(eq(deliveries.reminderId, children[3].id));
  });

  it("the calendar feed has the group reminder's occurrences named after the group, none of its members'", async () => {
    const token = await rotateCalendarToken(userId, userId);
    const ics = (await getCalendarFeed(token, "https://remindful.example", NOW)) ?? "";
    const uids = [...ics.matchAll(/^UID:(.+?)-\d{8}T/gm)].map((m) => m[1]);
    expect(uids).toContain(groupReminderId);
    for (const child of children) expect(uids).not.toContain(child.id);
    expect(ics).toContain("SUMMARY:Reminder to Choir (WhatsApp)");
    // The fields are filled per member when sent.
    expect(ics).toContain("Choir practice tonight\\, {first_name}");
  });
});
