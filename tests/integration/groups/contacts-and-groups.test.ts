import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listContactsRoute, POST as createContactRoute } from "@/app/api/contacts/route";
import { POST as importRoute } from "@/app/api/contacts/import/route";
import { contactGroupMembers, contactGroups, contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { GROUP_LIMIT } from "@/lib/validations/group";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { insertGroup, insertGroupReminder } from "../../support/groups";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

interface ContactJson {
  id: string;
  name: string;
  groupIds: string[];
}

const listContacts = (cookie: string, query?: Record<string, string>) =>
  callRoute<ContactJson[] & { code?: string }>(listContactsRoute, "/api/contacts", { cookie, query });
const importRows = (cookie: string, body: Record<string, unknown>) =>
  callRoute<{
    imported: number;
    failed: number;
    group?: { id: string; name: string; memberCount: number } | null;
    addedToGroup?: number;
    code?: string;
    field?: string;
  }>(importRoute, "/api/contacts/import", { method: "POST", cookie, body });

async function memberNames(groupId: string): Promise<string[]> {
  const rows = await db
    .select({ name: contacts.name })
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(eq(contactGroupMembers.groupId, groupId));
  return rows.map((r) => r.name).sort();
}

describe("contacts and their groups", () => {
  it("each contact carries its groups' ids; ?groupId= lists one group's members; another user's group is a 404", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const ann = await createContact(user.id, {
      name: "Ann",
      email: "ann@example.com",
      phone: "+14155550101",
    });
    const bo = await createContact(user.id, { name: "Bo", email: "bo@example.com", phone: "+14155550102" });
    await createContact(user.id, { name: "Cy", email: "cy@example.com", phone: "+14155550103" });
    const choir = await insertGroup(user.id, "Choir", [ann.id, bo.id]);
    const family = await insertGroup(user.id, "Family", [ann.id]);
    const foreign = await insertGroup(other.user.id, "Theirs");

    const all = await listContacts(cookie);
    expect(all.status).toBe(200);
    expect(all.json.map((c) => [c.name, c.groupIds])).toEqual([
      ["Ann", [choir.id, family.id].sort()],
      ["Bo", [choir.id]],
      ["Cy", []],
    ]);
    const inChoir = await listContacts(cookie, { groupId: choir.id });
    expect(inChoir.json.map((c) => c.name)).toEqual(["Ann", "Bo"]);
    expect((await listContacts(cookie, { groupId: family.id })).json.map((c) => c.name)).toEqual(["Ann"]);
    for (const groupId of [foreign.id, "no-such-group"]) {
      const refused = await listContacts(cookie, { groupId });
      expect(refused.status).toBe(404);
      expect(refused.json.code).toBe("group_not_found");
    }
    // A single contact's answer carries them too (created: none yet).
    const created = await callRoute<ContactJson>(createContactRoute, "/api/contacts", {
      method: "POST",
      cookie,
      body: { name: "Dee", email: "dee@example.com" },
    });
    expect(created.json.groupIds).toEqual([]);
  });
});

describe("POST /api/contacts/import into a group", () => {
  const rows = [
    { line: 2, name: "Ann", email: "ann@example.com" },
    { line: 3, name: "Bo", email: "bo@example.com" },
    { line: 4, name: "", email: "nobody@example.com" },
  ];

  it("into a new group: the imported contacts, and one already yours the file names, become its members", async () => {
    const { user, cookie } = await createSignedInUser();
    await createContact(user.id, { name: "Known", email: "known@example.com", phone: null });
    const res = await importRows(cookie, {
      rows: [...rows, { line: 5, name: "Known again", email: "KNOWN@example.com" }],
      newGroupName: " Choir ",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      imported: 2,
      failed: 2,
      addedToGroup: 3,
      group: { name: "Choir", memberCount: 3 },
    });
    expect(await memberNames(res.json.group?.id ?? "")).toEqual(["Ann", "Bo", "Known"]);
  });

  it("into an existing group with a live group reminder: the joiners get member reminders", async () => {
    const { user, cookie } = await createSignedInUser();
    const old = await createContact(user.id, { name: "Old", email: "old@example.com", phone: null });
    const group = await insertGroup(user.id, "Choir", [old.id]);
    const parent = await insertGroupReminder(user.id, group.id, { deliveryMethod: "email" });
    const res = await importRows(cookie, { rows, groupId: group.id });
    expect(res.json).toMatchObject({ imported: 2, addedToGroup: 2, group: { id: group.id, memberCount: 3 } });
    const members = await db
      .select({ contactId: reminders.contactId, status: reminders.status })
      .from(reminders)
      .where(eq(reminders.parentReminderId, parent.id));
    expect(members).toHaveLength(3);
    expect(members.every((m) => m.status === "scheduled")).toBe(true);
  });

  it("refuses another user's group, a taken name, the group limit or both fields, and imports nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const foreign = await insertGroup(other.user.id, "Theirs");
    await insertGroup(user.id, "Choir");
    const before = await snapshotDatabase();

    const foreignGroup = await importRows(cookie, { rows, groupId: foreign.id });
    expect([foreignGroup.status, foreignGroup.json.code]).toEqual([404, "group_not_found"]);
    const taken = await importRows(cookie, { rows, newGroupName: "CHOIR" });
    expect([taken.status, taken.json.code]).toEqual([409, "duplicate_group_name"]);
    const both = await importRows(cookie, { rows, groupId: foreign.id, newGroupName: "New" });
    expect([both.status, both.json.field]).toEqual([400, "newGroupName"]);
    expect(await snapshotDatabase()).toEqual(before);

    await db
      .insert(contactGroups)
      .values(
        Array.from({ length: GROUP_LIMIT - 1 }, (_, i) => ({ workspaceId: user.id, name: `Group ${i}` })),
      );
    const full = await snapshotDatabase();
    const limited = await importRows(cookie, { rows, newGroupName: "One too many" });
    expect([limited.status, limited.json.code]).toEqual([409, "group_limit"]);
    expect(await snapshotDatabase()).toEqual(full);
  });

  it("without a group, answers as before", async () => {
    const { cookie } = await createSignedInUser();
    const res = await importRows(cookie, { rows });
    expect(Object.keys(res.json).sort()).toEqual(["failed", "failures", "imported", "leftOut"]);
  });
});
