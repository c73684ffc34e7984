import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/groups/route";
import { DELETE as deleteRoute, GET as getRoute, PATCH as renameRoute } from "@/app/api/groups/[id]/route";
import { POST as addRoute } from "@/app/api/groups/[id]/members/route";
import { POST as removeRoute } from "@/app/api/groups/[id]/members/remove/route";
import { contactGroupMembers, contactGroups, contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { GROUP_LIMIT } from "@/lib/validations/group";
import { callRoute } from "../../support/call-route";
import { snapshotDatabase } from "../../support/db-snapshot";
import { insertGroup } from "../../support/groups";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

interface GroupJson {
  id: string;
  name: string;
  memberCount: number;
  createdAt: string;
}

const create = (cookie: string, body: unknown) =>
  callRoute<GroupJson & { code?: string }>(createRoute, "/api/groups", { method: "POST", cookie, body });
const list = (cookie: string) => callRoute<{ groups: GroupJson[] }>(listRoute, "/api/groups", { cookie });
const get = (cookie: string, id: string) =>
  callRoute<GroupJson & { code?: string }>(getRoute, `/api/groups/${id}`, { cookie, params: { id } });
const rename = (cookie: string, id: string, name: string) =>
  callRoute<GroupJson & { code?: string }>(renameRoute, `/api/groups/${id}`, {
    method: "PATCH",
    cookie,
    params: { id },
    body: { name },
  });
const remove = (cookie: string, id: string) =>
  callRoute(deleteRoute, `/api/groups/${id}`, { method: "DELETE", cookie, params: { id } });
const add = (cookie: string, id: string, contactIds: string[]) =>
  callRoute<{ group: GroupJson; added: number; code?: string }>(addRoute, `/api/groups/${id}/members`, {
    method: "POST",
    cookie,
    params: { id },
    body: { contactIds },
  });
const takeOut = (cookie: string, id: string, contactIds: string[]) =>
  callRoute<{ group: GroupJson; removed: number; code?: string }>(
    removeRoute,
    `/api/groups/${id}/members/remove`,
    { method: "POST", cookie, params: { id }, body: { contactIds } },
  );

async function memberIds(groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: contactGroupMembers.contactId })
    .from(contactGroupMembers)
    .where(eq(contactGroupMembers.groupId, groupId));
  return rows.map((r) => r.id).sort();
}

/** `count` contacts of one user, each with its own phone. */
async function contactsOf(userId: string, count: number, prefix = "Member") {
  const made = [];
  for (let i = 0; i < count; i += 1)
    made.push(
      await createContact(userId, {
        name: `${prefix} ${i}`,
        email: `${prefix.toLowerCase()}-${i}-${crypto.randomUUID().slice(0, 6)}@example.com`,
        phone: `+1415555${String(1000 + i).padStart(4, "0")}`,
      }),
    );
  return made.map((c) => c.id);
}

describe("/api/groups", () => {
  it("creates with members, lists by name with counts, gets, renames and deletes (the contacts stay)", async () => {
    const { user, cookie } = await createSignedInUser();
    const [ann, bo, cy] = await contactsOf(user.id, 3);
    const choir = await create(cookie, { name: "  Choir ", contactIds: [ann, bo, ann] });
    expect(choir.status).toBe(201);
    expect(choir.json).toMatchObject({ name: "Choir", memberCount: 2 });
    const empty = await create(cookie, { name: "Attic band" });
    expect(empty.status).toBe(201);
    expect(empty.json.memberCount).toBe(0);

    const listed = await list(cookie);
    expect(listed.status).toBe(200);
    expect(listed.json.groups.map((g) => [g.name, g.memberCount])).toEqual([
      ["Attic band", 0],
      ["Choir", 2],
    ]);
    expect(Object.keys(listed.json.groups[0]).sort()).toEqual(["createdAt", "id", "memberCount", "name"]);

    const got = await get(cookie, choir.json.id);
    expect(got.json).toEqual(choir.json);
    const renamed = await rename(cookie, choir.json.id, "Church choir");
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: choir.json.id, name: "Church choir", memberCount: 2 });

    const added = await add(cookie, empty.json.id, [cy, ann]);
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ added: 2, group: { name: "Attic band", memberCount: 2 } });
    // A contact may be in several groups.
    expect(await memberIds(choir.json.id)).toEqual([ann, bo].sort());
    expect(await memberIds(empty.json.id)).toEqual([ann, cy].sort());

    expect((await remove(cookie, choir.json.id)).status).toBe(204);
    expect((await get(cookie, choir.json.id)).json.code).toBe("group_not_found");
    expect(await memberIds(choir.json.id)).toEqual([]);
    expect(await memberIds(empty.json.id)).toEqual([ann, cy].sort());
    const left = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.workspaceId, user.id));
    expect(left).toHaveLength(3);
  });

  it("refuses a name the user already has, whatever its case, on create and rename (409)", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const choir = await create(cookie, { name: "Choir" });
    const twin = await create(cookie, { name: "CHOIR" });
    expect(twin.status).toBe(409);
    expect(twin.json.code).toBe("duplicate_group_name");
    const band = await create(cookie, { name: "Band" });
    const clash = await rename(cookie, band.json.id, "choir");
    expect(clash.status).toBe(409);
    expect(clash.json.code).toBe("duplicate_group_name");
    // Its own name in another case is a rename, and another user may use the name.
    expect((await rename(cookie, choir.json.id, "CHOIR")).json.name).toBe("CHOIR");
    expect((await create(other.cookie, { name: "Choir" })).status).toBe(201);
    const names = await db
      .select({ name: contactGroups.name })
      .from(contactGroups)
      .where(eq(contactGroups.workspaceId, user.id));
    expect(names.map((n) => n.name).sort()).toEqual(["Band", "CHOIR"]);
    expect((await create(cookie, { name: "" })).status).toBe(400);
    expect((await create(cookie, { name: "x".repeat(81) })).status).toBe(400);
  });

  it(`keeps at most ${GROUP_LIMIT} groups, also when creates race at the limit`, async () => {
    const { user, cookie } = await createSignedInUser();
    await db
      .insert(contactGroups)
      .values(
        Array.from({ length: GROUP_LIMIT - 1 }, (_, i) => ({ workspaceId: user.id, name: `Group ${i}` })),
      );
    const answers = await Promise.all(["A", "B", "C", "D"].map((x) => create(cookie, { name: `Last ${x}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.code)).toEqual([
      "group_limit",
      "group_limit",
      "group_limit",
    ]);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactGroups)
      .where(eq(contactGroups.workspaceId, user.id));
    expect(n).toBe(GROUP_LIMIT);
  });

  it("answers 404 for another user's group or contact ids and changes nothing", async () => {
    const a = await createSignedInUser();
    const b = await createSignedInUser();
    const [mine] = await contactsOf(a.user.id, 1, "Mine");
    const [theirs] = await contactsOf(b.user.id, 1, "Theirs");
    const group = await insertGroup(a.user.id, "A's group", [mine]);
    const before = await snapshotDatabase();

    for (const answer of [
      await get(b.cookie, group.id),
      await rename(b.cookie, group.id, "Taken"),
      await remove(b.cookie, group.id),
      await add(b.cookie, group.id, [theirs]),
      await takeOut(b.cookie, group.id, [mine]),
    ]) {
      expect(answer.status).toBe(404);
      expect((answer.json as { code?: string }).code).toBe("group_not_found");
    }
    // A's own group with one foreign (or unknown) id among A's own: nothing is added or removed.
    const [second] = await contactsOf(a.user.id, 1, "Second");
    const snapshot = await snapshotDatabase();
    for (const answer of [
      await add(a.cookie, group.id, [second, theirs]),
      await add(a.cookie, group.id, [second, "no-such-contact"]),
      await takeOut(a.cookie, group.id, [mine, theirs]),
      await create(a.cookie, { name: "With a stranger", contactIds: [second, theirs] }),
    ]) {
      expect(answer.status).toBe(404);
      expect((answer.json as { code?: string }).code).toBe("contact_not_found");
    }
    expect(await snapshotDatabase()).toEqual(snapshot);
    expect(await memberIds(group.id)).toEqual([mine]);
    expect(before.contact_groups).toBe(snapshot.contact_groups);
    expect((await list(b.cookie)).json.groups).toEqual([]);
  });

  it("adds an existing member as no change, removes only members, and counts what changed", async () => {
    const { user, cookie } = await createSignedInUser();
    const [ann, bo, cy] = await contactsOf(user.id, 3);
    const group = await insertGroup(user.id, "Choir", [ann]);
    const again = await add(cookie, group.id, [ann, bo]);
    expect(again.json).toMatchObject({ added: 1, group: { memberCount: 2 } });
    const out = await takeOut(cookie, group.id, [bo, cy]);
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ removed: 1, group: { memberCount: 1 } });
    expect(await memberIds(group.id)).toEqual([ann]);
    expect((await add(cookie, group.id, [])).status).toBe(400);
  });
});

describe("membership races", () => {
  it("two adds of overlapping contacts at once end with their union, each member once", async () => {
    const { user, cookie } = await createSignedInUser();
    const ids = await contactsOf(user.id, 12);
    const group = await insertGroup(user.id, "Choir");
    const [first, second] = await Promise.all([
      add(cookie, group.id, ids.slice(0, 8)),
      add(cookie, group.id, ids.slice(4)),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.json.added + second.json.added).toBe(12);
    expect(await memberIds(group.id)).toEqual([...ids].sort());
  });

  it("an add racing the group's deletion either lands before it or finds no group; no member row is left", async () => {
    const { user, cookie } = await createSignedInUser();
    const ids = await contactsOf(user.id, 5);
    for (let round = 0; round < 4; round += 1) {
      const group = await insertGroup(user.id, `Doomed ${round}`, ids.slice(0, 1));
      const [added, deleted] = await Promise.all([add(cookie, group.id, ids), remove(cookie, group.id)]);
      expect(deleted.status).toBe(204);
      expect([200, 404]).toContain(added.status);
      if (added.status === 404) expect(added.json.code).toBe("group_not_found");
      const rows = await db
        .select()
        .from(contactGroupMembers)
        .where(eq(contactGroupMembers.groupId, group.id));
      expect(rows).toEqual([]);
    }
  });

  it("a remove racing an add of the same contacts ends as one ran after the other", async () => {
    const { user, cookie } = await createSignedInUser();
    const ids = await contactsOf(user.id, 6);
    for (let round = 0; round < 4; round += 1) {
      const group = await insertGroup(user.id, `Round ${round}`, ids.slice(0, 3));
      const [added, removed] = await Promise.all([
        add(cookie, group.id, ids.slice(2)),
        takeOut(cookie, group.id, ids.slice(0, 4)),
      ]);
      expect([added.status, removed.status]).toEqual([200, 200]);
      const members = await memberIds(group.id);
      const addFirst = [...ids.slice(4)].sort();
      const removeFirst = [...ids.slice(2)].sort();
      expect([addFirst, removeFirst]).toContainEqual(members);
      // The answers agree with the order that happened.
      const count = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contactGroupMembers)
        .where(and(eq(contactGroupMembers.groupId, group.id)));
      expect(count[0].n).toBe(members.length);
      if (members.length === addFirst.length) expect(removed.json.removed).toBe(4);
      else expect(removed.json.removed).toBe(3);
    }
  });
});
