import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/contacts/route";
import { DELETE, PUT } from "@/app/api/contacts/[id]/route";
import { contacts, deliveries, reminders, users } from "@/db/schema";
import { db } from "@/lib/db";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

const rowsOf = (userId: string) => db.select().from(contacts).where(eq(contacts.workspaceId, userId));

async function create(cookie: string, body: Record<string, unknown>) {
  return callRoute(POST, "/api/contacts", { method: "POST", cookie, body });
}

describe("POST /api/contacts", () => {
  it("creates a contact: trimmed, phone in E.164 from the user's region, deliveryMethod derived", async () => {
    const { user, cookie } = await createSignedInUser({ phone: "+447911123456" });
    const res = await create(cookie, {
      name: "  Grandma ",
      phone: "07911 123457",
      email: "",
      relationship: " ",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Grandma",
      phone: "+447911123457",
      email: null,
      relationship: null,
      deliveryMethod: "sms",
      reminderCount: 0,
      lastReminder: null,
      workspaceId: user.id,
    });
    const withEmail = await create(cookie, { name: "Mum", email: "Mum@Example.com" });
    expect(withEmail.json.deliveryMethod).toBe("email");
    expect(await rowsOf(user.id)).toHaveLength(2);
  });

  const bad: [string, Record<string, unknown>, number, RegExp][] = [
    ["a blank name", { name: "   ", email: "a@example.com" }, 400, /^name: Name is required$/],
    [
      "neither e-mail nor phone",
      { name: "A", email: " ", phone: "" },
      400,
      /^email: Either email or phone must be provided$/,
    ],
    ["an invalid e-mail", { name: "A", email: "not-an-email" }, 400, /^email: /],
    ["an invalid phone", { name: "A", phone: "12" }, 400, /^phone: Invalid phone number$/],
    [
      "sms without a phone",
      { name: "A", email: "a@example.com", deliveryMethod: "sms" },
      400,
      /^deliveryMethod: /,
    ],
    [
      "a foreign avatar URL",
      { name: "A", email: "a@example.com", avatarUrl: "https://evil.example/x.png" },
      400,
      /^avatarUrl: /,
    ],
  ];
  it.each(bad)("refuses %s with %i and writes nothing", async (_label, body, status, message) => {
    const { user, cookie } = await createSignedInUser();
    const res = await create(cookie, body);
    expect(res.status).toBe(status);
    expect(String(res.json.message)).toMatch(message);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("reads a national number in the country of the user's zone when the user has no phone", async () => {
    const { cookie } = await createSignedInUser({ phone: null, timezone: "Europe/London" });
    const res = await create(cookie, { name: "Gran", phone: "07911 123457" });
    expect(res.status).toBe(201);
    expect(res.json.phone).toBe("+447911123457");
    const { cookie: utc } = await createSignedInUser({ phone: null, timezone: "UTC" });
    expect((await create(utc, { name: "Gran", phone: "07911 123457" })).json.message).toBe(
      "phone: Invalid phone number",
    );
  });

  it("keeps the recipient's time zone and language; without one, the owner's language of today", async () => {
    const { user, cookie } = await createSignedInUser({ locale: "fr" });
    const chosen = await create(cookie, {
      name: "Ana",
      phone: "+34612345001",
      timezone: "Atlantic/Canary",
      locale: "es",
    });
    expect(chosen.status).toBe(201);
    expect(chosen.json).toMatchObject({ timezone: "Atlantic/Canary", locale: "es" });
    const plain = await create(cookie, { name: "Luc", email: "luc@example.fr" });
    expect(plain.json).toMatchObject({ timezone: null, locale: "fr" });
    // The owner switching screen language later does not change the contact's.
    await db.update(users).set({ locale: "en" }).where(eq(users.id, user.id));
    expect((await rowsOf(user.id)).find((c) => c.name === "Luc")?.locale).toBe("fr");

    const cleared = await callRoute(PUT, `/api/contacts/${chosen.json.id}`, {
      method: "PUT",
      cookie,
      params: { id: String(chosen.json.id) },
      body: { timezone: null, locale: "en" },
    });
    expect(cleared.json).toMatchObject({ timezone: null, locale: "en" });
  });

  it.each([
    [{ timezone: "Mars/Olympus" }, "timezone: Unknown timezone"],
    [{ timezone: "+05:00" }, "timezone: Unknown timezone"],
    [{ locale: "de" }, "locale: Unsupported language"],
  ])("refuses %j with 400 and creates nothing", async (extra, message) => {
    const { user, cookie } = await createSignedInUser();
    const res = await create(cookie, { name: "A", email: "a@example.com", ...extra });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("accepts an internationalised e-mail domain: stored in punycode, shown in its own letters", async () => {
    const { user, cookie } = await createSignedInUser();
    const res = await create(cookie, { name: "Ana", email: "ana@Correo.España.es" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      email: "ana@correo.xn--espaa-rta.es",
      emailDisplay: "ana@correo.españa.es",
    });
    expect((await rowsOf(user.id))[0].email).toBe("ana@correo.xn--espaa-rta.es");
    // The same address typed in punycode is the same contact.
    const again = await create(cookie, { name: "Ana 2", email: "ANA@correo.xn--espaa-rta.es" });
    expect(again.status).toBe(409);
    const list = await callRoute(GET, "/api/contacts", { cookie });
    expect(list.json).toEqual([expect.objectContaining({ emailDisplay: "ana@correo.españa.es" })]);
  });

  it("refuses a second contact with the same e-mail (any case) or phone with 409", async () => {
    const { user, cookie } = await createSignedInUser();
    expect((await create(cookie, { name: "A", email: "a@example.com", phone: "+14155552671" })).status).toBe(
      201,
    );
    const sameEmail = await create(cookie, { name: "B", email: "A@EXAMPLE.com" });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json.message).toBe("A contact with this email already exists");
    const samePhone = await create(cookie, { name: "C", phone: "+1 415 555 2671" });
    expect(samePhone.status).toBe(409);
    expect(samePhone.json.message).toBe("A contact with this phone already exists");
    expect(await rowsOf(user.id)).toHaveLength(1);
    // Another user may hold the same address.
    const other = await createSignedInUser();
    expect((await create(other.cookie, { name: "A", email: "a@example.com" })).status).toBe(201);
  });

  it("never goes over the free plan's 5 contacts, even with 20 concurrent creates", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "free" });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(cookie, { name: `C${i}`, email: `c${i}@example.com` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(15);
    const refused = results.find((r) => r.status === 403);
    expect(refused?.json).toMatchObject({
      message: "Contact limit reached",
      code: "contact_limit",
      limit: 5,
    });
    expect(await rowsOf(user.id)).toHaveLength(5);
  });

  it("answers 401 when signed out", async () => {
    const res = await callRoute(POST, "/api/contacts", {
      method: "POST",
      body: { name: "A", email: "a@example.com" },
    });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/contacts", () => {
  it("answers 401 when signed out", async () => {
    expect((await callRoute(GET, "/api/contacts")).status).toBe(401);
  });

  it("lists only the user's contacts with reminder counts (cancelled excluded) and the last sent time", async () => {
    const { user, cookie } = await createSignedInUser();
    const other = await createSignedInUser();
    const a = (await create(cookie, { name: "bob", email: "bob@example.com" })).json;
    await create(cookie, { name: "Alice", email: "alice@example.com" });
    await create(other.cookie, { name: "Mallory", email: "m@example.com" });
    const base = { workspaceId: user.id, contactId: String(a.id), deliveryMethod: "email", scheduleType: "once" };
    const when = new Date("2026-01-01T09:00:00Z");
    const [r1] = await db
      .insert(reminders)
      .values([
        { ...base, scheduledFor: when, status: "sent" },
        { ...base, scheduledFor: when, status: "scheduled" },
        { ...base, scheduledFor: when, status: "cancelled" },
      ])
      .returning();
    const sentAt = new Date("2026-01-01T09:00:05Z");
    await db.insert(deliveries).values([
      {
        reminderId: r1.id,
        workspaceId: user.id,
        contactId: String(a.id),
        occurrenceAt: when,
        channel: "email",
        status: "sent",
        sentAt,
      },
      {
        reminderId: r1.id,
        workspaceId: user.id,
        contactId: String(a.id),
        occurrenceAt: new Date("2026-02-01T09:00:00Z"),
        channel: "email",
        status: "failed",
        sentAt: new Date("2026-02-01T09:00:00Z"),
      },
    ]);
    const res = await callRoute<Record<string, unknown>[]>(GET, "/api/contacts", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.map((c) => c.name)).toEqual(["Alice", "bob"]);
    expect(res.json[1]).toMatchObject({ reminderCount: 2, lastReminder: sentAt.toISOString() });
    expect(res.json[0]).toMatchObject({ reminderCount: 0, lastReminder: null });
  });
});

describe("PUT /api/contacts/{id}", () => {
  it("edits any field, clears optional ones, and re-derives the delivery method", async () => {
    const { cookie } = await createSignedInUser();
    const c = (await create(cookie, { name: "A", email: "a@example.com", relationship: "Friend" })).json;
    const res = await callRoute(PUT, `/api/contacts/${c.id}`, {
      method: "PUT",
      cookie,
      params: { id: String(c.id) },
      body: { name: "Aa", email: null, phone: "+33 6 12 34 56 78", relationship: "" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Aa",
      email: null,
      phone: "+33612345678",
      relationship: null,
      deliveryMethod: "sms",
    });
  });

  it("refuses to leave a contact with neither e-mail nor phone, and changes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const c = (await create(cookie, { name: "A", email: "a@example.com" })).json;
    const before = await rowsOf(user.id);
    const res = await callRoute(PUT, `/api/contacts/${c.id}`, {
      method: "PUT",
      cookie,
      params: { id: String(c.id) },
      body: { email: "" },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("email: Either email or phone must be provided");
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it("answers 404 for another user's contact and an unknown id, changing nothing", async () => {
    const owner = await createSignedInUser();
    const intruder = await createSignedInUser();
    const c = (await create(owner.cookie, { name: "A", email: "a@example.com" })).json;
    const before = await rowsOf(owner.user.id);
    for (const id of [String(c.id), crypto.randomUUID(), "not-a-uuid"]) {
      const put = await callRoute(PUT, `/api/contacts/${id}`, {
        method: "PUT",
        cookie: intruder.cookie,
        params: { id },
        body: { name: "Hacked" },
      });
      expect(put.status).toBe(404);
      const del = await callRoute(DELETE, `/api/contacts/${id}`, {
        method: "DELETE",
        cookie: intruder.cookie,
        params: { id },
      });
      expect(del.status).toBe(404);
    }
    expect(await rowsOf(owner.user.id)).toEqual(before);
  });
});

describe("DELETE /api/contacts/{id}", () => {
  it("deletes the contact with its reminders and deliveries", async () => {
    const { user, cookie } = await createSignedInUser();
    const c = (await create(cookie, { name: "A", email: "a@example.com" })).json;
    const when = new Date("2030-01-01T09:00:00Z");
    const [r] = await db
      .insert(reminders)
      .values({
        workspaceId: user.id,
        contactId: String(c.id),
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: when,
        nextRunAt: when,
      })
      .returning();
    await db.insert(deliveries).values({
      reminderId: r.id,
      workspaceId: user.id,
      contactId: String(c.id),
      occurrenceAt: when,
      channel: "email",
    });
    const res = await callRoute(DELETE, `/api/contacts/${c.id}`, {
      method: "DELETE",
      cookie,
      params: { id: String(c.id) },
    });
    expect(res.status).toBe(204);
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(await db.select().from(reminders).where(eq(reminders.workspaceId, user.id))).toHaveLength(0);
    expect(await db.select().from(deliveries).where(eq(deliveries.workspaceId, user.id))).toHaveLength(0);
  });
});
