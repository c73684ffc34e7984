import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as updateContact } from "@/app/api/contacts/[id]/route";
import { GET as listContactsRoute, POST as createContact } from "@/app/api/contacts/route";
import { contacts, reminders, users } from "@/db/schema";
import { db } from "@/lib/db";
import { getContact } from "@/lib/contacts/get-contact";
import { listContactsPage } from "@/lib/contacts/list-contacts-page";
import { getReminder } from "@/lib/reminders/get-reminder";
import { listReminders } from "@/lib/reminders/list-reminders";
import type { Authorship } from "@/lib/users/authorship";
import { callRoute } from "../../support/call-route";
import { createSignedInMember, createSignedInUser } from "../../support/users";

type Owner = Awaited<ReturnType<typeof createSignedInUser>>;
type Member = Awaited<ReturnType<typeof createSignedInMember>>;
type Listed = { id: string; name: string; authorship: Authorship };

let ana: Owner;
let luis: Member;
let eva: Member;

const contactBody = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });

async function create(cookie: string, name: string) {
  const res = await callRoute<{ id: string; authorship: Authorship }>(createContact, "/api/contacts", {
    method: "POST",
    cookie,
    body: contactBody(name),
  });
  expect(res.status).toBe(201);
  return res.json;
}

async function edit(cookie: string, id: string, name: string) {
  const res = await callRoute<{ authorship: Authorship }>(updateContact, `/api/contacts/${id}`, {
    method: "PUT",
    cookie,
    params: { id },
    body: contactBody(name),
  });
  expect(res.status).toBe(200);
  return res.json;
}

async function listed(name: string): Promise<Authorship> {
  const res = await callRoute<Listed[]>(listContactsRoute, "/api/contacts", { cookie: ana.cookie });
  const contact = res.json.find((c) => c.name === name);
  if (!contact) throw new Error(`${name} is not listed`);
  return contact.authorship;
}

beforeAll(async () => {
  ana = await createSignedInUser({ firstName: "Ana", lastName: "Ruiz" });
  luis = await createSignedInMember(ana.workspace, "member", { firstName: "Luis", lastName: "Gómez" });
  // No first or last name: the account's name, else the e-mail, names her.
  eva = await createSignedInMember(ana.workspace, "admin", { firstName: null, lastName: null, name: null });
});

describe("a contact says who created it and who changed it last", () => {
  it("created: the creator only, in the create answer, the list, the page and the contact", async () => {
    const created = await create(ana.cookie, "Maria");
    const expected = { createdBy: "Ana Ruiz", lastChangedBy: null };
    expect(created.authorship).toEqual(expected);
    expect(await listed("Maria")).toEqual(expected);
    expect((await getContact(ana.workspace.id, created.id)).authorship).toEqual(expected);
    const page = await listContactsPage(ana.workspace.id, { limit: 10 });
    expect(page.items.find((c) => c.id === created.id)?.authorship).toEqual(expected);
  });

  it("changed by another member: their name, until the creator changes it again", async () => {
    const { id } = await create(ana.cookie, "Pedro");
    expect((await edit(luis.cookie, id, "Pedro")).authorship).toEqual({
      createdBy: "Ana Ruiz",
      lastChangedBy: "Luis Gómez",
    });
    expect(await listed("Pedro")).toEqual({ createdBy: "Ana Ruiz", lastChangedBy: "Luis Gómez" });
    await edit(eva.cookie, id, "Pedro");
    expect(await listed("Pedro")).toEqual({ createdBy: "Ana Ruiz", lastChangedBy: eva.user.email });
    await edit(ana.cookie, id, "Pedro");
    expect(await listed("Pedro")).toEqual({ createdBy: "Ana Ruiz", lastChangedBy: null });
  });

  it("a creator whose account is gone reads as nobody's name (the view says a former member)", async () => {
    const gone = await createSignedInMember(ana.workspace, "member", { firstName: "Gus" });
    const { id } = await create(gone.cookie, "Rosa");
    await edit(luis.cookie, id, "Rosa");
    await db.delete(users).where(eq(users.id, gone.user.id));
    expect(await listed("Rosa")).toEqual({ createdBy: null, lastChangedBy: "Luis Gómez" });
    const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
    expect(row.createdBy).toBeNull();
  });

  it("a contact kept from before members existed (no updated_by) shows no change", async () => {
    const { id } = await create(ana.cookie, "Vieja");
    await db.update(contacts).set({ updatedBy: null }).where(eq(contacts.id, id));
    expect(await listed("Vieja")).toEqual({ createdBy: "Ana Ruiz", lastChangedBy: null });
  });
});

describe("a reminder says who created it and who changed it last", () => {
  let contactId = "";

  beforeAll(async () => {
    contactId = (await create(ana.cookie, "Lola")).id;
  });

  async function insertReminder(createdBy: string | null, updatedBy: string | null, message: string) {
    const [row] = await db
      .insert(reminders)
      .values({
        workspaceId: ana.workspace.id,
        contactId,
        message,
        deliveryMethod: "email",
        scheduleType: "once",
        scheduledFor: new Date(Date.now() + 86_400_000),
        nextRunAt: new Date(Date.now() + 86_400_000),
        createdBy,
        updatedBy,
      })
      .returning();
    return row.id;
  }

  it("in the list (one statement for the page) and the one reminder's view", async () => {
    const cases: [string | null, string | null, Authorship][] = [
      [ana.user.id, ana.user.id, { createdBy: "Ana Ruiz", lastChangedBy: null }],
      [ana.user.id, luis.user.id, { createdBy: "Ana Ruiz", lastChangedBy: "Luis Gómez" }],
      [null, luis.user.id, { createdBy: null, lastChangedBy: "Luis Gómez" }],
      [luis.user.id, null, { createdBy: "Luis Gómez", lastChangedBy: null }],
    ];
    const ids: string[] = [];
    for (const [i, [createdBy, updatedBy]] of cases.entries())
      ids.push(await insertReminder(createdBy, updatedBy, `case ${i}`));
    const page = await listReminders(ana.workspace.id, { status: "all", view: "recent", limit: 50 });
    for (const [i, [, , expected]] of cases.entries()) {
      expect(page.items.find((r) => r.id === ids[i])?.authorship, `case ${i}`).toEqual(expected);
      expect((await getReminder(ana.workspace.id, ids[i])).authorship, `case ${i}`).toEqual(expected);
    }
  });
});
