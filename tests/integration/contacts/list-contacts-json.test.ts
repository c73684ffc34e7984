import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/contacts/route";
import { contactDates, contactGroupMembers, contactGroups, deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import { listContacts } from "@/lib/contacts/list-contacts";
import { listContactsJson } from "@/lib/contacts/list-contacts-json";
import { callRoute } from "../../support/call-route";
import { createContact, insertReminder } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

// Every character JSON.stringify escapes (controls, quote, backslash) and some it does not.
const awkward = `Zoë "Q" \\ ${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join("")} \u2028 😀 \u007f`;

/** Sets instants the API cannot write: microseconds, a far past, a far future. */
const setInstant = (id: string, column: string, value: string) =>
  db.execute(sql`update contacts set ${sql.identifier(column)} = ${value}::timestamptz where id = ${id}`);

describe("GET /api/contacts answers exactly what serialising listContacts gives", () => {
  it("byte for byte, with every kind of field filled, empty and awkward", async () => {
    const { user, cookie } = await createSignedInUser({ locale: "en" });
    const other = await createSignedInUser();
    const mallory = await createContact(other.user.id, { name: "Mallory", email: "m@example.com" });

    const full = await createContact(user.id, {
      name: awkward,
      email: "ana@xn--bcher-kva.example",
      phone: "+14155550101",
      relationship: `Cousin \\"x"`,
      avatarUrl: "/api/objects/uploads/00000000-0000-4000-8000-000000000000",
      deliveryMethod: "sms",
      timezone: "America/New_York",
      locale: "fr",
      smsOptOut: true,
      whatsappConsentAt: new Date("2026-03-01T10:00:00.123Z"),
      whatsappConsentSource: "in_person",
      emailSuppressedAt: new Date("2026-04-01T00:00:00Z"),
      emailSuppressedReason: '550 5.1.1 <ana@xn--bcher-kva.example>: "no such user"\n',
    });
    await setInstant(full.id, "created_at", "2026-01-01 23:59:59.999999+00");
    // The same name in other cases: the order falls to created_at.
    const same = await createContact(user.id, { name: "same", email: null, phone: "+14155550102" });
    const Same = await createContact(user.id, { name: "SAME", email: "same@example.com", emailOptOut: true });
    await setInstant(same.id, "created_at", "2025-06-01 12:00:00+00");
    await setInstant(Same.id, "created_at", "2025-06-01 12:00:00.000001+00");
    const old = await createContact(user.id, { name: "Old", email: "old@example.com" });
    await db.execute(sql`update contacts set whatsapp_consent_at = '0099-12-31 23:59:59.5+00',
      whatsapp_consent_source = 'written_form' where id = ${old.id}`);
    await setInstant(old.id, "email_suppressed_at", "9999-12-31 23:59:59.999999+00");
    await createContact(user.id, { name: "Nobody", email: "nobody@example.com" });

    await db.insert(contactDates).values([
      { workspaceId: user.id, contactId: full.id, kind: "custom", label: awkward, month: 2, day: 29 },
      { workspaceId: user.id, contactId: full.id, kind: "anniversary", month: 6, day: 1, year: 2001 },
      { workspaceId: user.id, contactId: full.id, kind: "birthday", month: 12, day: 31, year: 1950 },
    ]);
    const sent = await insertReminder(user.id, full.id, { status: "sent" });
    await insertReminder(user.id, full.id, { status: "failed" });
    await insertReminder(user.id, full.id, { status: "cancelled" });
    await insertReminder(user.id, same.id);
    const delivery = { reminderId: sent.id, workspaceId: user.id, contactId: full.id, channel: "sms" };
    await db.insert(deliveries).values([
      {
        ...delivery,
        occurrenceAt: new Date("2026-05-01T09:00:00Z"),
        status: "delivered",
        sentAt: new Date("2026-05-01T09:00:01.5Z"),
      },
      {
        ...delivery,
        occurrenceAt: new Date("2026-06-01T09:00:00Z"),
        status: "failed",
        sentAt: new Date("2026-06-01T09:00:00Z"),
      },
    ]);
    await db.execute(
      sql`update deliveries set sent_at = sent_at + interval '123 microseconds' where status = 'delivered'`,
    );

    // Two groups for one contact, one for another; the other user's group holds their own.
    const groups = await db
      .insert(contactGroups)
      .values([
        { workspaceId: user.id, name: "Choir" },
        { workspaceId: user.id, name: "Family" },
      ])
      .returning();
    const [foreign] = await db
      .insert(contactGroups)
      .values({ workspaceId: other.user.id, name: "Choir" })
      .returning();
    await db
      .insert(contactGroupMembers)
      .values([
        ...groups.map((g) => ({ groupId: g.id, contactId: full.id, workspaceId: user.id })),
        { groupId: groups[0].id, contactId: same.id, workspaceId: user.id },
        { groupId: foreign.id, contactId: mallory.id, workspaceId: other.user.id },
      ]);

    const expected = JSON.stringify(await listContacts(user.id, "en"));
    expect(await listContactsJson(user.id, "en")).toBe(expected);
    const res = await callRoute(GET, "/api/contacts", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.text).toBe(expected);
    // What the comparison covers, so an empty or trivial list cannot pass it.
    const list = JSON.parse(expected) as Record<string, unknown>[];
    expect(list.map((c) => c.name)).toEqual(["Nobody", "Old", "same", "SAME", awkward]);
    expect(list[4]).toMatchObject({
      emailDisplay: "ana@bücher.example",
      reminderCount: 2,
      lastReminder: "2026-05-01T09:00:01.500Z",
      createdAt: "2026-01-01T23:59:59.999Z",
      whatsappConsentAt: "2026-03-01T10:00:00.123Z",
    });
    expect((list[4].dates as { kind: string }[]).map((d) => d.kind)).toEqual([
      "birthday",
      "anniversary",
      "custom",
    ]);
    expect(list[1].emailSuppressedAt).toBe("9999-12-31T23:59:59.999Z");
    expect(list[4].groupIds).toEqual(groups.map((g) => g.id).sort());
    expect(list[2].groupIds).toEqual([groups[0].id]);
    expect(list[0].groupIds).toEqual([]);

    // One group's members: the same bytes as the whole list narrowed to them.
    const members = JSON.stringify(
      (JSON.parse(expected) as { groupIds: string[] }[]).filter((c) => c.groupIds.includes(groups[0].id)),
    );
    expect(await listContactsJson(user.id, "en", groups[0].id)).toBe(members);
    expect(JSON.parse(members)).toHaveLength(2);
    // The user's id still bounds a group id: another user's group lists none of theirs.
    expect(await listContactsJson(user.id, "en", foreign.id)).toBe("[]");
  });

  it.each([
    ["en", ["ana", "Élodie", "Ñu", "Nube", "Oso", "Zoë"]],
    // Spanish sorts ñ as its own letter after n.
    ["es", ["ana", "Élodie", "Nube", "Ñu", "Oso", "Zoë"]],
  ] as const)("orders names by the user's language (%s), the same in both", async (locale, order) => {
    const { user, cookie } = await createSignedInUser({ locale });
    for (const name of ["Zoë", "Oso", "Ñu", "Élodie", "Nube", "ana"]) {
      await createContact(user.id, { name, email: null, phone: "+14155550101" });
    }
    const listed = await listContacts(user.id, locale);
    expect(listed.map((c) => c.name)).toEqual(order);
    const res = await callRoute(GET, "/api/contacts", { cookie });
    expect(res.text).toBe(JSON.stringify(listed));
  });

  it("answers [] for a user without contacts", async () => {
    const { user, cookie } = await createSignedInUser();
    expect(await listContactsJson(user.id, "en")).toBe("[]");
    expect((await callRoute(GET, "/api/contacts", { cookie })).text).toBe("[]");
  });
});
