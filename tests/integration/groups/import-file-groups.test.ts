import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/contacts/import/route";
import { contactGroupMembers, contactGroups, contacts, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { previewContactsFile } from "@/lib/contacts/import-preview";
import { GROUP_LIMIT } from "@/lib/validations/group";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { insertGroup, insertGroupReminder } from "../../support/groups";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

// A file's Group column (a row's `groups`): groups found by name whatever the case, or created,
// in the import's own transaction, alone or with the group the dialog chose.

interface ImportedGroupJson {
  id: string;
  name: string;
  memberCount: number;
  added: number;
  created: boolean;
}

const importBody = (cookie: string, body: Record<string, unknown>) =>
  callRoute<{
    imported: number;
    failed: number;
    group?: { id: string; name: string; memberCount: number } | null;
    addedToGroup?: number;
    groups?: ImportedGroupJson[];
    code?: string;
    field?: string;
    message?: string;
  }>(importRoute, "/api/contacts/import", { method: "POST", cookie, body });

/** The workspace's groups as `name: members` lines, by name. */
async function groupsWithMembers(workspaceId: string): Promise<string[]> {
  const groups = await db
    .select()
    .from(contactGroups)
    .where(eq(contactGroups.workspaceId, workspaceId))
    .orderBy(asc(contactGroups.name));
  const lines: string[] = [];
  for (const group of groups) {
    const members = await db
      .select({ name: contacts.name })
      .from(contactGroupMembers)
      .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
      .where(eq(contactGroupMembers.groupId, group.id));
    lines.push(
      `${group.name}: ${members
        .map((m) => m.name)
        .sort()
        .join(", ")}`,
    );
  }
  return lines;
}

describe("POST /api/contacts/import with a Group column", () => {
  it("creates the groups the rows name, several per row, and puts each contact into its own", async () => {
    const { user, cookie } = await createSignedInUser();
    const res = await importBody(cookie, {
      rows: [
        { line: 2, name: "Ann", email: "ann@example.com", groups: ["Choir"] },
        { line: 3, name: "Bo", email: "bo@example.com", groups: ["Choir", " Family "] },
        { line: 4, name: "Cy", email: "cy@example.com" },
        { line: 5, name: "Di", email: "di@example.com", groups: ["family"] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ imported: 4, failed: 0 });
    // No group was chosen in the dialog: the answer has no `group`, only the groups filled.
    expect(res.json.group).toBeUndefined();
    expect(
      res.json.groups?.map(({ name, memberCount, added, created }) => [name, memberCount, added, created]),
    ).toEqual([
      ["Choir", 2, 2, true],
      // "Family" and "family" are one group, spelled as first named.
      ["Family", 2, 2, true],
    ]);
    expect(await groupsWithMembers(user.id)).toEqual(["Choir: Ann, Bo", "Family: Bo, Di"]);
  });

  it("reuses a group whatever the case of its name, and gives the joiners its group reminders", async () => {
    const { user, cookie } = await createSignedInUser();
    const old = await createContact(user.id, { name: "Old", email: "old@example.com", phone: null });
    const choir = await insertGroup(user.id, "Choir", [old.id]);
    const parent = await insertGroupReminder(user.id, choir.id, { deliveryMethod: "email" });
    const res = await importBody(cookie, {
      rows: [
        { line: 2, name: "Ann", email: "ann@example.com", groups: ["choir"] },
        { line: 3, name: "Bo", email: "bo@example.com", groups: ["CHOIR"] },
      ],
    });
    expect(res.json.groups).toEqual([
      { id: choir.id, name: "Choir", memberCount: 3, added: 2, created: false },
    ]);
    expect(await groupsWithMembers(user.id)).toEqual(["Choir: Ann, Bo, Old"]);
    const memberReminders = await db
      .select({ status: reminders.status })
      .from(reminders)
      .where(eq(reminders.parentReminderId, parent.id));
    expect(memberReminders.map((r) => r.status)).toEqual(["scheduled", "scheduled", "scheduled"]);
  });

  it("puts a contact the file matches (already yours) into the groups its row names", async () => {
    const { user, cookie } = await createSignedInUser();
    await createContact(user.id, { name: "Known", email: "known@example.com", phone: null });
    const res = await importBody(cookie, {
      rows: [{ line: 2, name: "Known again", email: "KNOWN@example.com", groups: ["Choir"] }],
    });
    expect(res.json).toMatchObject({
      imported: 0,
      failed: 1,
      groups: [{ name: "Choir", memberCount: 1, added: 1, created: true }],
    });
    expect(await groupsWithMembers(user.id)).toEqual(["Choir: Known"]);
  });

  it("combines with the group chosen in the dialog: every contact joins it, each row also its own", async () => {
    const { user, cookie } = await createSignedInUser();
    const rows = [
      { line: 2, name: "Ann", email: "ann@example.com", groups: ["Choir"] },
      // The chosen group named again by a row, in another case: still one group, one membership.
      { line: 3, name: "Bo", email: "bo@example.com", groups: ["neighbours", "Family"] },
      { line: 4, name: "Cy", email: "cy@example.com" },
    ];
    const res = await importBody(cookie, { rows, newGroupName: "Neighbours" });
    expect(res.json).toMatchObject({
      imported: 3,
      addedToGroup: 3,
      group: { name: "Neighbours", memberCount: 3 },
    });
    expect(res.json.groups?.map(({ name, added, created }) => [name, added, created])).toEqual([
      ["Neighbours", 3, true],
      ["Choir", 1, true],
      ["Family", 1, true],
    ]);
    expect(await groupsWithMembers(user.id)).toEqual(["Choir: Ann", "Family: Bo", "Neighbours: Ann, Bo, Cy"]);

    // An existing group chosen by id, and a row naming a group that exists now.
    const [neighbours] = await db
      .select()
      .from(contactGroups)
      .where(and(eq(contactGroups.workspaceId, user.id), eq(contactGroups.name, "Neighbours")));
    const again = await importBody(cookie, {
      rows: [{ line: 2, name: "Eve", email: "eve@example.com", groups: ["FAMILY"] }],
      groupId: neighbours.id,
    });
    expect(again.json.groups?.map(({ name, added, created }) => [name, added, created])).toEqual([
      ["Neighbours", 1, false],
      ["Family", 1, false],
    ]);
    expect(await groupsWithMembers(user.id)).toEqual([
      "Choir: Ann",
      "Family: Bo, Eve",
      "Neighbours: Ann, Bo, Cy, Eve",
    ]);
  });

  it("refuses a group name longer than a group's, naming the row, and writes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    await insertGroup(user.id, "Choir");
    const before = await snapshotDatabase();
    const long = "A very long name ".repeat(5).trim();
    expect(long.length).toBeGreaterThan(80);
    const res = await importBody(cookie, {
      rows: [
        { line: 2, name: "Ann", email: "ann@example.com", groups: ["Choir", "Family"] },
        { line: 3, name: "Bo", email: "bo@example.com", groups: ["Family", long] },
      ],
      newGroupName: "Neighbours",
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "group_name_too_long", field: "rows.1.groups" });
    expect(res.json.message).toBe(
      `rows.1.groups: Row 3: the group name "${long.slice(0, 40)}…" is longer than 80 characters`,
    );
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("refuses the whole import when the groups it would create pass the group limit", async () => {
    const { user, cookie } = await createSignedInUser();
    await db
      .insert(contactGroups)
      .values(
        Array.from({ length: GROUP_LIMIT - 1 }, (_, i) => ({ workspaceId: user.id, name: `Group ${i}` })),
      );
    const before = await snapshotDatabase();
    const res = await importBody(cookie, {
      rows: [
        // "group 3" exists (whatever its case): only two new groups, one too many.
        { line: 2, name: "Ann", email: "ann@example.com", groups: ["group 3", "New one"] },
        { line: 3, name: "Bo", email: "bo@example.com", groups: ["Another new one"] },
      ],
    });
    expect([res.status, res.json.code]).toEqual([409, "group_limit"]);
    expect(await snapshotDatabase()).toEqual(before);
  });

  it("imports a CSV and a vCard read as the dialog reads them, into their groups", async () => {
    const { user, cookie } = await createSignedInUser();
    const csv = "Name,Email,Grupo\nAna,ana@example.com,Coro; Familia\nBea,bea@example.com,coro\n";
    const fromCsv = previewContactsFile("contactos.csv", new TextEncoder().encode(csv));
    expect((await importBody(cookie, { rows: fromCsv.rows })).json).toMatchObject({ imported: 2 });
    const vcard = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Cris",
      "EMAIL:cris@example.com",
      "CATEGORIES:CORO,Work",
      "END:VCARD",
    ].join("\r\n");
    const fromVcard = previewContactsFile("cris.vcf", new TextEncoder().encode(vcard));
    expect((await importBody(cookie, { rows: fromVcard.rows })).json).toMatchObject({ imported: 1 });
    expect(await groupsWithMembers(user.id)).toEqual(["Coro: Ana, Bea, Cris", "Familia: Ana", "Work: Cris"]);
  });
});
