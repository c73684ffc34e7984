import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET, POST } from "@/app/api/templates/route";
import { DELETE, PUT } from "@/app/api/templates/[id]/route";
import { POST as createReminder } from "@/app/api/reminders/route";
import { PUT as updateReminder } from "@/app/api/reminders/[id]/route";
import { contactDates, messageTemplates, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { TEMPLATE_LIMIT } from "@/lib/validations/template";
import { callRoute } from "../../support/call-route";
import { createContact, insertReminder, localInDays } from "../../support/reminders";
import { createSignedInUser } from "../../support/users";

const rowsOf = (userId: string) =>
  db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.workspaceId, userId))
    .orderBy(messageTemplates.name);

const create = (cookie: string, body: unknown) =>
  callRoute(POST, "/api/templates", { method: "POST", cookie, body });
const update = (cookie: string, id: string, body: unknown) =>
  callRoute(PUT, `/api/templates/${id}`, { method: "PUT", cookie, body, params: { id } });
const remove = (cookie: string, id: string) =>
  callRoute(DELETE, `/api/templates/${id}`, { method: "DELETE", cookie, params: { id } });

describe("/api/templates", () => {
  it("creates in the user's language, lists the user's language first, renames and deletes", async () => {
    const { user, cookie } = await createSignedInUser({ locale: "es" });
    const created = await create(cookie, {
      name: " Cumpleaños ",
      body: "¡Feliz cumpleaños, {first_name}! Ya {age}",
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: "Cumpleaños",
      locale: "es",
      body: "¡Feliz cumpleaños, {first_name}! Ya {age}",
    });
    expect((await create(cookie, { name: "Birthday", body: "Happy birthday!", locale: "en" })).status).toBe(
      201,
    );
    expect((await create(cookie, { name: "Zapatos", body: "Hola {name}" })).status).toBe(201);

    const list = await callRoute<{ name: string; locale: string }[]>(GET, "/api/templates", { cookie });
    expect(list.status).toBe(200);
    expect(list.json.map((t) => `${t.locale}:${t.name}`)).toEqual([
      "es:Cumpleaños",
      "es:Zapatos",
      "en:Birthday",
    ]);

    const id = String(created.json.id);
    const renamed = await update(cookie, id, { name: "Santo" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      id,
      name: "Santo",
      body: "¡Feliz cumpleaños, {first_name}! Ya {age}",
    });

    expect((await remove(cookie, id)).status).toBe(204);
    expect((await rowsOf(user.id)).map((t) => t.name)).toEqual(["Birthday", "Zapatos"]);
  });

  it("answers 404 for another user's template and leaves it as it was", async () => {
    const owner = await createSignedInUser();
    const other = await createSignedInUser();
    const { json } = await create(owner.cookie, { name: "Mine", body: "Hello {first_name}" });
    const id = String(json.id);
    const put = await update(other.cookie, id, { name: "Stolen" });
    expect(put.status).toBe(404);
    expect(put.json.code).toBe("template_not_found");
    expect((await remove(other.cookie, id)).status).toBe(404);
    expect((await remove(other.cookie, "not-a-uuid")).status).toBe(404);
    const list = await callRoute<unknown[]>(GET, "/api/templates", { cookie: other.cookie });
    expect(list.json).toEqual([]);
    expect((await rowsOf(owner.user.id)).map((t) => t.name)).toEqual(["Mine"]);
  });

  it("refuses a duplicate name with 409, on create and on rename", async () => {
    const { user, cookie } = await createSignedInUser();
    await create(cookie, { name: "Birthday", body: "Happy birthday!" });
    const second = await create(cookie, { name: "Thanks", body: "Thank you!" });
    const duplicate = await create(cookie, { name: " Birthday", body: "Another" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json).toMatchObject({
      code: "duplicate_template_name",
      message: "You already have a template with this name",
    });
    const rename = await update(cookie, String(second.json.id), { name: "Birthday" });
    expect(rename.status).toBe(409);
    expect((await rowsOf(user.id)).map((t) => `${t.name}=${t.body}`)).toEqual([
      "Birthday=Happy birthday!",
      "Thanks=Thank you!",
    ]);
  });

  const bad: [string, unknown, string | RegExp][] = [
    ["an unknown field", { name: "A", body: "Hi {nickname}" }, "unknown_fields"],
    ["a blank name", { name: "  ", body: "Hi" }, "invalid_input"],
    ["a blank body", { name: "A", body: "   " }, "invalid_input"],
    ["a body over 1,600 characters", { name: "A", body: "x".repeat(1601) }, "invalid_input"],
    ["an unknown language", { name: "A", body: "Hi", locale: "de" }, "invalid_input"],
    ["an extra key", { name: "A", body: "Hi", workspaceId: "someone" }, "invalid_input"],
  ];
  it.each(bad)("refuses %s with 400 and writes nothing", async (_label, body, code) => {
    const { user, cookie } = await createSignedInUser();
    const res = await create(cookie, body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("names the unknown fields and changes nothing on an invalid update", async () => {
    const { user, cookie } = await createSignedInUser();
    const { json } = await create(cookie, { name: "A", body: "Hi {first_name}" });
    const res = await update(cookie, String(json.id), { body: "Hi {nickname} {surname}" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "unknown_fields" });
    expect(String(res.json.message)).toMatch(/^body: Unknown fields \{nickname\}, \{surname\}/);
    expect((await update(cookie, String(json.id), {})).status).toBe(400);
    expect((await rowsOf(user.id))[0]).toMatchObject({ name: "A", body: "Hi {first_name}" });
  });

  it(`keeps at most ${TEMPLATE_LIMIT} templates per user`, async () => {
    const { user, cookie } = await createSignedInUser();
    await db.insert(messageTemplates).values(
      Array.from({ length: TEMPLATE_LIMIT - 1 }, (_, i) => ({
        workspaceId: user.id,
        name: `T${i}`,
        body: "Hi",
        locale: "en",
      })),
    );
    expect((await create(cookie, { name: "Last", body: "Hi" })).status).toBe(201);
    const over = await create(cookie, { name: "One too many", body: "Hi" });
    expect(over.status).toBe(409);
    expect(over.json).toMatchObject({ code: "template_limit", max: TEMPLATE_LIMIT });
    expect(await rowsOf(user.id)).toHaveLength(TEMPLATE_LIMIT);
  });
});

describe("POST /api/reminders with message fields", () => {
  const body = (contactId: string, message: string) => ({
    contactId,
    message,
    deliveryMethod: "email",
    scheduleType: "once",
    scheduledFor: localInDays(3),
  });

  it("refuses an unknown field with 400 naming it, and {age} without a dated contact; writes nothing", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const unknown = await callRoute(createReminder, "/api/reminders", {
      method: "POST",
      cookie,
      body: body(contact.id, "Hi {nickname}"),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: "unknown_fields", field: "message" });
    expect(String(unknown.json.message)).toMatch(
      /^message: Unknown field \{nickname\}; the fields are \{first_name\}/,
    );
    const age = await callRoute(createReminder, "/api/reminders", {
      method: "POST",
      cookie,
      body: body(contact.id, "Happy {age}th!"),
    });
    expect(age.status).toBe(400);
    expect(age.json.code).toBe("age_needs_birth_year");
    expect(await db.select().from(reminders).where(eq(reminders.workspaceId, user.id))).toHaveLength(0);

    const ok = await callRoute(createReminder, "/api/reminders", {
      method: "POST",
      cookie,
      body: body(contact.id, "Hi {first_name}, see you on {date}. {sender}"),
    });
    expect(ok.status).toBe(201);
  });

  it("accepts {age} on a reminder made from a contact date with a year, refuses it without one", async () => {
    const { user, cookie } = await createSignedInUser();
    const contact = await createContact(user.id);
    const dates = await db
      .insert(contactDates)
      .values([
        { workspaceId: user.id, contactId: contact.id, kind: "birthday", month: 3, day: 3, year: 1990 },
        { workspaceId: user.id, contactId: contact.id, kind: "anniversary", month: 6, day: 1, year: null },
      ])
      .returning();
    const withYear = await insertReminder(user.id, contact.id, {
      contactDateId: dates[0].id,
      deliveryMethod: "email",
    });
    const noYear = await insertReminder(user.id, contact.id, {
      contactDateId: dates[1].id,
      deliveryMethod: "email",
    });
    const edit = (id: string) =>
      callRoute(updateReminder, `/api/reminders/${id}`, {
        method: "PUT",
        cookie,
        params: { id },
        body: body(contact.id, "Happy {age}th, {first_name}!"),
      });
    const ok = await edit(withYear.id);
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe("Happy {age}th, {first_name}!");
    const refused = await edit(noYear.id);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "age_needs_birth_year", field: "message" });
    const [kept] = await db.select().from(reminders).where(eq(reminders.id, noYear.id));
    expect(kept.message).toBe("Hello");
  });
});
