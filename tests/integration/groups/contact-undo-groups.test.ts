import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as restoreRoute } from "@/app/api/contacts/[id]/restore/route";
import { DELETE as deleteContactRoute } from "@/app/api/contacts/[id]/route";
import { DELETE as deleteGroupRoute } from "@/app/api/groups/[id]/route";
import { POST as addRoute } from "@/app/api/groups/[id]/members/route";
import { contactGroupMembers, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { insertGroup, insertGroupReminder } from "../../support/groups";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

/** A member of a group with a live group reminder (its member reminder made by the add). */
async function memberOfChoir() {
  const { user, cookie } = await createSignedInUser();
  const ann = await createContact(user.id, { name: "Ann" });
  const group = await insertGroup(user.id, "Choir");
  const parent = await insertGroupReminder(user.id, group.id);
  const added = await callRoute(addRoute, `/api/groups/${group.id}/members`, {
    method: "POST",
    cookie,
    params: { id: group.id },
    body: { contactIds: [ann.id] },
  });
  expect(added.status).toBe(200);
  const call = (handler: typeof restoreRoute, path: string, id: string, method = "POST") =>
    callRoute(handler, path, { method, cookie, params: { id } });
  return {
    user,
    ann,
    group,
    parent,
    deleteAnn: () => call(deleteContactRoute, `/api/contacts/${ann.id}`, ann.id, "DELETE"),
    restoreAnn: () => call(restoreRoute, `/api/contacts/${ann.id}/restore`, ann.id),
    deleteGroup: () => call(deleteGroupRoute, `/api/groups/${group.id}`, group.id, "DELETE"),
  };
}

const membershipsOf = (contactId: string) =>
  db.select().from(contactGroupMembers).where(eq(contactGroupMembers.contactId, contactId));
const memberRemindersOf = (contactId: string) =>
  db
    .select({ id: reminders.id, parent: reminders.parentReminderId, status: reminders.status })
    .from(reminders)
    .where(eq(reminders.contactId, contactId));

describe("a deleted contact's Undo and its groups", () => {
  it("brings back the contact's memberships and member reminders as they were", async () => {
    const { ann, group, parent, deleteAnn, restoreAnn } = await memberOfChoir();
    const before = await memberRemindersOf(ann.id);
    expect(before).toEqual([{ id: expect.any(String), parent: parent.id, status: "scheduled" }]);
    expect((await deleteAnn()).status).toBe(204);
    expect(await membershipsOf(ann.id)).toEqual([]);
    expect(await memberRemindersOf(ann.id)).toEqual([]);
    expect((await restoreAnn()).status).toBe(200);
    expect((await membershipsOf(ann.id)).map((m) => m.groupId)).toEqual([group.id]);
    expect(await memberRemindersOf(ann.id)).toEqual(before);
  });

  it("restores a contact whose group was deleted meanwhile, without the group's reminders", async () => {
    const { ann, deleteAnn, restoreAnn, deleteGroup } = await memberOfChoir();
    expect((await deleteAnn()).status).toBe(204);
    expect((await deleteGroup()).status).toBe(204);
    expect((await restoreAnn()).status).toBe(200);
    expect(await membershipsOf(ann.id)).toEqual([]);
    expect(await memberRemindersOf(ann.id)).toEqual([]);
  });

  it("stops a restored member reminder whose group reminder was cancelled meanwhile", async () => {
    const { ann, parent, deleteAnn, restoreAnn } = await memberOfChoir();
    expect((await deleteAnn()).status).toBe(204);
    await db
      .update(reminders)
      .set({ status: "cancelled", nextRunAt: null })
      .where(eq(reminders.id, parent.id));
    expect((await restoreAnn()).status).toBe(200);
    expect(await memberRemindersOf(ann.id)).toEqual([
      { id: expect.any(String), parent: parent.id, status: "cancelled" },
    ]);
  });

  it("gives the restored contact a member reminder of a group reminder created meanwhile", async () => {
    const { user, ann, group, deleteAnn, restoreAnn } = await memberOfChoir();
    expect((await deleteAnn()).status).toBe(204);
    const later = await insertGroupReminder(user.id, group.id, { message: "Created while Ann was deleted" });
    expect((await restoreAnn()).status).toBe(200);
    const [member] = await db
      .select({ status: reminders.status })
      .from(reminders)
      .where(and(eq(reminders.parentReminderId, later.id), eq(reminders.contactId, ann.id)));
    expect(member).toEqual({ status: "scheduled" });
  });
});
