import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { createReminder } from "@/lib/reminders/create-reminder";
import { getReminder } from "@/lib/reminders/get-reminder";
import { reminderInputSchema } from "@/lib/validations/reminder";
import {
  changeMembers,
  createGroup,
  createMembers,
  groupBody,
  wallTime,
} from "../../support/group-reminders";
import { createSignedInUser, ownActor } from "../../support/users";

const ZONES = ["America/New_York", "Europe/Paris", "Asia/Tokyo"];
// A Friday while New York keeps standard time: the next Thursday (14 March 2030) is after its
// clocks went forward (10 March) and before Paris's (31 March).
const NOW = new Date("2030-03-08T12:00:00Z");

async function membersOf(reminderId: string) {
  return db
    .select({
      contactId: reminders.contactId,
      name: contacts.name,
      status: reminders.status,
      timezone: reminders.timezone,
      nextRunAt: reminders.nextRunAt,
      recipient: reminders.recipient,
      message: reminders.message,
      deliveryMethod: reminders.deliveryMethod,
    })
    .from(reminders)
    .innerJoin(contacts, eq(contacts.id, reminders.contactId))
    .where(eq(reminders.parentReminderId, reminderId))
    .orderBy(asc(contacts.name));
}

async function setUp() {
  const { user } = await createSignedInUser({ timezone: "Europe/London" });
  const members = await createMembers(user.id, ZONES);
  const group = await createGroup(
    user.id,
    members.map((m) => m.id),
  );
  return { user, members, group };
}

describe("a group reminder's timing across zones", () => {
  it("'local_time': each member at 18:00 on their own Thursday, New York already on summer time", async () => {
    const { user, group } = await setUp();
    const body = reminderInputSchema.parse(groupBody(group.id));
    const created = await createReminder(await ownActor(user.id), body, NOW);
    expect(created).toMatchObject({
      recipient: "group",
      contactId: null,
      groupId: group.id,
      groupName: "Choir",
      groupTiming: "local_time",
      memberCount: 3,
      timezone: "Europe/London",
      parentReminderId: null,
    });
    // The group reminder itself: the sender's 18:00 in London.
    expect(wallTime(new Date(created.nextRunAt ?? ""), "Europe/London")).toBe("2030-03-14T18:00");

    const rows = await membersOf(created.id);
    expect(rows.map((r) => [r.timezone, wallTime(r.nextRunAt, r.timezone)])).toEqual([
      ["America/New_York", "2030-03-14T18:00"],
      ["Europe/Paris", "2030-03-14T18:00"],
      ["Asia/Tokyo", "2030-03-14T18:00"],
    ]);
    // The instants: New York at UTC-4 (its clocks went forward since the reminder was made).
    expect(rows.map((r) => r.nextRunAt?.toISOString())).toEqual([
      "2030-03-14T22:00:00.000Z",
      "2030-03-14T17:00:00.000Z",
      "2030-03-14T09:00:00.000Z",
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "scheduled", recipient: "contact", deliveryMethod: "sms" });
      expect(row.message).toBe("Choir practice tonight, {first_name}");
    }
  });

  it("'same_instant': every member at the sender's 18:00, one instant", async () => {
    const { user, group } = await setUp();
    const body = reminderInputSchema.parse(groupBody(group.id, { groupTiming: "same_instant" }));
    const created = await createReminder(await ownActor(user.id), body, NOW);
    expect(created.groupTiming).toBe("same_instant");
    const rows = await membersOf(created.id);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.timezone).toBe("Europe/London");
      expect(row.nextRunAt?.toISOString()).toBe("2030-03-14T18:00:00.000Z");
    }
  });

  it("a member who joins later gets the next occurrence; one who leaves stops, history kept", async () => {
    const { user, members, group } = await setUp();
    const body = reminderInputSchema.parse(groupBody(group.id));
    const created = await createReminder(await ownActor(user.id), body);
    const [joiner] = await createMembers(user.id, ["Australia/Sydney"]);
    await db.update(contacts).set({ name: "Member 4" }).where(eq(contacts.id, joiner.id));

    await changeMembers(user.id, group.id, [joiner.id], [members[0].id]);

    const rows = await membersOf(created.id);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ["Member 1", "cancelled"],
      ["Member 2", "scheduled"],
      ["Member 3", "scheduled"],
      ["Member 4", "scheduled"],
    ]);
    const sydney = rows[3];
    expect(sydney.timezone).toBe("Australia/Sydney");
    // Due at 18:00 on a Thursday in Sydney, in the future.
    expect(wallTime(sydney.nextRunAt, "Australia/Sydney")).toMatch(/T18:00$/);
    expect(new Date(wallTime(sydney.nextRunAt, "Australia/Sydney")?.slice(0, 10) ?? "").getUTCDay()).toBe(4);
    expect(sydney.nextRunAt?.getTime()).toBeGreaterThan(Date.now());
    expect(rows[0].nextRunAt).toBeNull();

    // The group reminder counts its current members.
    expect((await getReminder(user.id, created.id)).memberCount).toBe(3);
  });
});
