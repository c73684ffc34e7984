import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listContacts } from "@/app/api/contacts/route";
import * as contactRoute from "@/app/api/v1/contacts/[id]/route";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "@/tests/support/api-keys";
import { callRoute } from "@/tests/support/call-route";

/** A contact of the workspace with the preferences the contact would have set on their page. */
async function contactWithPreferences(workspaceId: string, values: Partial<typeof contacts.$inferInsert>) {
  const [contact] = await db
    .insert(contacts)
    .values({ workspaceId, name: "Marie", phone: "+33612345601", ...values })
    .returning();
  return contact;
}

describe("a contact's preferences in the contact's representation (read-only)", () => {
  it("the session list and /api/v1 show the channels, the hours as HH:MM, the pause and the stop", async () => {
    const { user, cookie, key } = await createKeyHolder("write");
    const chosen = await contactWithPreferences(user.id, {
      acceptedChannels: ["whatsapp", "sms"],
      windowStart: 9 * 60 + 5,
      windowEnd: 24 * 60,
      pausedUntil: "2031-03-03",
      stoppedAt: new Date("2031-01-01T00:00:00Z"),
    });
    const plain = await contactWithPreferences(user.id, { name: "Paul", phone: "+33612345602" });
    const expected = {
      acceptedChannels: ["whatsapp", "sms"],
      window: { start: "09:05", end: "24:00" },
      pausedUntil: "2031-03-03",
      stopped: true,
    };
    const none = { acceptedChannels: null, window: null, pausedUntil: null, stopped: false };

    const list = await callRoute<{ id: string; preferences: unknown }[]>(listContacts, "/api/contacts", {
      cookie,
    });
    expect(list.status).toBe(200);
    const byId = new Map(list.json.map((c) => [c.id, c.preferences]));
    expect(byId.get(chosen.id)).toEqual(expected);
    expect(byId.get(plain.id)).toEqual(none);

    const one = await callV1<{ preferences: unknown }>(contactRoute.GET, `/contacts/${chosen.id}`, key, {
      params: { id: chosen.id },
    });
    expect(one.status).toBe(200);
    expect(one.json.preferences).toEqual(expected);

    // Only the contact changes them: a write naming them is refused and changes nothing.
    const patch = await callV1(contactRoute.PATCH, `/contacts/${plain.id}`, key, {
      method: "PATCH",
      params: { id: plain.id },
      body: { preferences: { stopped: true } },
    });
    expect(patch.status).toBe(400);
    const [after] = await db.select().from(contacts).where(eq(contacts.id, plain.id));
    expect(after.stoppedAt).toBeNull();
  });
});
