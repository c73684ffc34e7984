import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as deleteRoute } from "@/app/api/groups/[id]/route";
import { POST as addRoute } from "@/app/api/groups/[id]/members/route";
import { POST as removeRoute } from "@/app/api/groups/[id]/members/remove/route";
import { reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { insertGroup, insertGroupReminder } from "../../support/groups";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const change = (route: typeof addRoute, cookie: string, id: string, contactIds: string[], path: string) =>
  callRoute(route, `/api/groups/${id}/${path}`, {
    method: "POST",
    cookie,
    params: { id },
    body: { contactIds },
  });
const add = (cookie: string, id: string, ids: string[]) => change(addRoute, cookie, id, ids, "members");
const takeOut = (cookie: string, id: string, ids: string[]) =>
  change(removeRoute, cookie, id, ids, "members/remove");

/** The member reminders of a group reminder, by contact. */
async function membersOf(parentId: string) {
  const rows = await db.select().from(reminders).where(eq(reminders.parentReminderId, parentId));
  return new Map(rows.map((r) => [r.contactId, r]));
}

/** Weekday and wall time of an instant in a zone: "Thu 18:00". */
function wallTime(at: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part("weekday")} ${part("hour")}:${part("minute")}`;
}

describe("membership changes and live group reminders", () => {
  it("a joiner gets a member reminder at the group's time in their zone; a leaver's stops and comes back on rejoining", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "Europe/Paris" });
    const ann = await createContact(user.id, { name: "Ann", timezone: "America/New_York" });
    const bo = await createContact(user.id, { name: "Bo", email: "bo@example.com", phone: "+81312345678" });
    const group = await insertGroup(user.id, "Choir");
    const parent = await insertGroupReminder(user.id, group.id);

    expect((await add(cookie, group.id, [ann.id, bo.id])).status).toBe(200);
    let members = await membersOf(parent.id);
    expect([...members.keys()].sort()).toEqual([ann.id, bo.id].sort());
    for (const [contactId, zone] of [
      [ann.id, "America/New_York"],
      [bo.id, "Asia/Tokyo"],
    ] as const) {
      const member = members.get(contactId);
      expect(member).toMatchObject({
        status: "scheduled",
        recipient: "contact",
        groupId: null,
        message: parent.message,
        deliveryMethod: "sms",
        timezone: zone,
      });
      expect(member?.nextRunAt).not.toBeNull();
      expect(wallTime(member?.nextRunAt ?? new Date(0), zone)).toBe("Thu 18:00");
    }
    const boReminderId = members.get(bo.id)?.id;

    expect((await takeOut(cookie, group.id, [bo.id])).status).toBe(200);
    members = await membersOf(parent.id);
    expect(members.get(bo.id)).toMatchObject({ status: "cancelled", nextRunAt: null });
    expect(members.get(bo.id)?.cancelledAt).not.toBeNull();
    expect(members.get(ann.id)?.status).toBe("scheduled");

    expect((await add(cookie, group.id, [bo.id])).status).toBe(200);
    members = await membersOf(parent.id);
    expect(members.get(bo.id)).toMatchObject({ id: boReminderId, status: "scheduled", cancelledAt: null });
    expect(members.size).toBe(2);
  });

  it("a refused change (a foreign contact among them) schedules and stops nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const ann = await createContact(user.id, { name: "Ann" });
    const stranger = await createContact(other.user.id, { name: "Stranger" });
    const group = await insertGroup(user.id, "Choir");
    const parent = await insertGroupReminder(user.id, group.id);
    expect((await add(cookie, group.id, [ann.id])).status).toBe(200);
    const before = await membersOf(parent.id);
    expect(before.get(ann.id)?.status).toBe("scheduled");

    const bo = await createContact(user.id, { name: "Bo", email: "bo@example.com", phone: "+14155550199" });
    expect((await add(cookie, group.id, [bo.id, stranger.id])).status).toBe(404);
    expect((await takeOut(cookie, group.id, [ann.id, stranger.id])).status).toBe(404);
    expect(await membersOf(parent.id)).toEqual(before);
  });

  it("a cancelled group reminder gets no member reminders; deleting the group deletes its reminders", async () => {
    const { user, cookie } = await createSignedInUser();
    const ann = await createContact(user.id, { name: "Ann" });
    const group = await insertGroup(user.id, "Choir");
    const live = await insertGroupReminder(user.id, group.id);
    const cancelled = await insertGroupReminder(user.id, group.id, { status: "cancelled", nextRunAt: null });
    expect((await add(cookie, group.id, [ann.id])).status).toBe(200);
    expect((await membersOf(live.id)).size).toBe(1);
    expect((await membersOf(cancelled.id)).size).toBe(0);

    const del = await callRoute(deleteRoute, `/api/groups/${group.id}`, {
      method: "DELETE",
      cookie,
      params: { id: group.id },
    });
    expect(del.status).toBe(204);
    const left = await db
      .select({ id: reminders.id })
      .from(reminders)
      .where(eq(reminders.workspaceId, user.id));
    expect(left).toEqual([]);
  });
});
