import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as contactsRoute from "@/app/api/v1/contacts/route";
import * as groupsRoute from "@/app/api/v1/groups/route";
import { contactGroups } from "@/db/schema";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "../../support/api-keys";
import { insertGroup } from "../../support/groups";
import { createContact } from "../../support/reminders";

describe("/api/v1/groups with API keys", () => {
  it("a read-only key lists groups but cannot create one", async () => {
    const reader = await createKeyHolder("read");
    await insertGroup(reader.user.id, "Choir");
    const listed = await callV1(groupsRoute.GET, "/groups", reader.key);
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ data: [{ name: "Choir", memberCount: 0 }], nextCursor: null });
    const refused = await callV1(groupsRoute.POST, "/groups", reader.key, {
      method: "POST",
      body: { name: "Band" },
    });
    expect([refused.status, refused.json.code]).toEqual([403, "api_key_read_only"]);
  });

  it("another account's contacts and groups are 404s, and nothing is created", async () => {
    const a = await createKeyHolder("write");
    const b = await createKeyHolder("write");
    const annOfA = await createContact(a.user.id, { name: "Ann" });
    const groupOfA = await insertGroup(a.user.id, "A's choir", [annOfA.id]);
    const create = await callV1(groupsRoute.POST, "/groups", b.key, {
      method: "POST",
      body: { name: "Stolen", contactIds: [annOfA.id] },
    });
    expect([create.status, create.json.code]).toEqual([404, "contact_not_found"]);
    const members = await callV1(contactsRoute.GET, "/contacts", b.key, { query: { groupId: groupOfA.id } });
    expect([members.status, members.json.code]).toEqual([404, "group_not_found"]);
    expect(await db.select().from(contactGroups).where(eq(contactGroups.workspaceId, b.user.id))).toEqual([]);
  });

  it("a create retried with its Idempotency-Key answers the first answer, not a duplicate name", async () => {
    const holder = await createKeyHolder("write");
    const send = () =>
      callV1(groupsRoute.POST, "/groups", holder.key, {
        method: "POST",
        body: { name: "Choir" },
        headers: { "Idempotency-Key": "create-choir-1" },
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(
      await db.select().from(contactGroups).where(eq(contactGroups.workspaceId, holder.user.id)),
    ).toHaveLength(1);
  });
});
