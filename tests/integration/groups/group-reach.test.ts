import { describe, expect, it } from "vitest";
import { GET as reachRoute } from "@/app/api/groups/[id]/reach/route";
import { REMINDERS_PER_CALL } from "@/config/plans";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { SKIPPED_LISTED } from "@/lib/groups/group-reach";
import { callRoute } from "../../support/call-route";
import { insertGroup } from "../../support/groups";
import { createContact } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

interface Reach {
  memberCount: number;
  messagesPerOccurrence: number;
  skippedCount: number;
  skipped: { contactId: string; name: string; reason: string }[];
  code?: string;
}

const reach = (cookie: string, id: string, channels: string) =>
  callRoute<Reach>(reachRoute, `/api/groups/${id}/reach`, { cookie, params: { id }, query: { channels } });

describe("GET /api/groups/{id}/reach", () => {
  it("counts the messages one occurrence sends by a chain and lists who no channel reaches, with why", async () => {
    const { user, cookie } = await createSignedInUser();
    const ann = await createContact(user.id, {
      name: "Ann",
      email: "ann@example.com",
      phone: "+14155550101",
    });
    const bo = await createContact(user.id, { name: "Bo", email: "bo@example.com", phone: null });
    const cy = await createContact(user.id, {
      name: "Cy",
      email: null,
      phone: "+14155550103",
      whatsappOptOut: true,
      smsOptOut: true,
    });
    const dee = await createContact(user.id, {
      name: "Dee",
      email: "dee@example.com",
      phone: null,
      emailOptOut: true,
    });
    const ed = await createContact(user.id, {
      name: "Ed",
      email: "ed@example.com",
      phone: null,
      emailSuppressedAt: new Date(),
      emailSuppressedReason: "550 no such user",
    });
    const group = await insertGroup(user.id, "Choir", [ann.id, bo.id, cy.id, dee.id, ed.id]);

    const chain = await reach(cookie, group.id, "whatsapp,sms,email");
    expect(chain.status).toBe(200);
    expect(chain.json).toEqual({
      memberCount: 5,
      messagesPerOccurrence: 2,
      skippedCount: 3,
      skipped: [
        { contactId: cy.id, name: "Cy", reason: "opted_out" },
        { contactId: dee.id, name: "Dee", reason: "no_phone" },
        { contactId: ed.id, name: "Ed", reason: "no_phone" },
      ],
    });

    const email = await reach(cookie, group.id, "email");
    expect(email.json).toMatchObject({ memberCount: 5, messagesPerOccurrence: 2, skippedCount: 3 });
    expect(email.json.skipped.map((s) => [s.name, s.reason])).toEqual([
      ["Cy", "no_email"],
      ["Dee", "opted_out"],
      ["Ed", "opted_out"],
    ]);

    // A call counts as the usage it takes (Ann and Cy, who opted out of texts only); Bo, whom
    // no call reaches, falls to e-mail.
    const call = await reach(cookie, group.id, "call,email");
    expect(call.json).toMatchObject({ messagesPerOccurrence: 2 * REMINDERS_PER_CALL + 1, skippedCount: 2 });
    expect(call.json.skipped.map((s) => s.name)).toEqual(["Dee", "Ed"]);
  });

  it("answers an empty group, lists the first skipped of a large one, refuses unknown channels and another user's group", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const group = await insertGroup(user.id, "Empty");
    expect((await reach(cookie, group.id, "sms")).json).toEqual({
      memberCount: 0,
      messagesPerOccurrence: 0,
      skippedCount: 0,
      skipped: [],
    });
    expect((await reach(cookie, group.id, "sms,pigeon")).status).toBe(400);
    expect((await reach(cookie, group.id, "")).status).toBe(400);
    const many = await db
      .insert(contacts)
      .values(
        Array.from({ length: SKIPPED_LISTED + 5 }, (_, i) => ({
          workspaceId: user.id,
          name: `Member ${String(i).padStart(3, "0")}`,
          email: `member-${i}@example.com`,
        })),
      )
      .returning({ id: contacts.id });
    const big = await insertGroup(
      user.id,
      "Big",
      many.map((c) => c.id),
    );
    const bySms = await reach(cookie, big.id, "sms");
    expect(bySms.json).toMatchObject({ memberCount: SKIPPED_LISTED + 5, skippedCount: SKIPPED_LISTED + 5 });
    expect(bySms.json.skipped).toHaveLength(SKIPPED_LISTED);
    expect(bySms.json.skipped[0].name).toBe("Member 000");
    const foreign = await reach(other.cookie, group.id, "sms");
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("group_not_found");
  });
});
