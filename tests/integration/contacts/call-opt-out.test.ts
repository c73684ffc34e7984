import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as listContacts, POST as createContactRoute } from "@/app/api/contacts/route";
import { PUT as updateContactRoute } from "@/app/api/contacts/[id]/route";
import { GET as v1List } from "@/app/api/v1/contacts/route";
import { GET as v1Get } from "@/app/api/v1/contacts/[id]/route";
import { GET as exportGet } from "@/app/api/account/export/route";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { callV1, createKeyHolder } from "@/tests/support/api-keys";
import { callRoute } from "@/tests/support/call-route";

// A contact who pressed 9 on a reminder call: every view of the contact says so.

async function optedOutContact() {
  const holder = await createKeyHolder("read");
  const create = (name: string, phone: string) =>
    callRoute<{ id: string }>(createContactRoute, "/api/contacts", {
      method: "POST",
      cookie: holder.cookie,
      body: { name, phone },
    });
  const grandpa = (await create("Abuelo", "+34 612 345 678")).json;
  const other = (await create("Carla", "+34 612 345 679")).json;
  await db.update(contacts).set({ callOptOut: true }).where(eq(contacts.id, grandpa.id));
  return { ...holder, grandpa, other };
}

describe("a contact's call opt-out", () => {
  it("is in the contacts list and kept when the contact is edited", async () => {
    const { cookie, grandpa, other } = await optedOutContact();
    const list = await callRoute<{ id: string; callOptOut: boolean }[]>(listContacts, "/api/contacts", {
      cookie,
    });
    expect(list.status).toBe(200);
    expect(Object.fromEntries(list.json.map((c) => [c.id, c.callOptOut]))).toEqual({
      [grandpa.id]: true,
      [other.id]: false,
    });
    const edited = await callRoute(updateContactRoute, `/api/contacts/${grandpa.id}`, {
      method: "PUT",
      cookie,
      params: { id: grandpa.id },
      body: { relationship: "Grandfather" },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ relationship: "Grandfather", callOptOut: true });
  });

  it("is in the public API's contact and contact list", async () => {
    const { key, grandpa, other } = await optedOutContact();
    const one = await callV1(v1Get, `/contacts/${grandpa.id}`, key, { params: { id: grandpa.id } });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: grandpa.id, callOptOut: true });
    const page = await callV1<{ data: { id: string; callOptOut: boolean }[] }>(v1List, "/contacts", key);
    expect(page.status).toBe(200);
    expect(Object.fromEntries(page.json.data.map((c) => [c.id, c.callOptOut]))).toEqual({
      [grandpa.id]: true,
      [other.id]: false,
    });
  });

  it("is in the data export", async () => {
    const { cookie, grandpa, other } = await optedOutContact();
    const res = await callRoute<{ contacts: { id: string; callOptOut: boolean }[] }>(
      exportGet,
      "/api/account/export",
      { cookie },
    );
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.json.contacts.map((c) => [c.id, c.callOptOut]))).toEqual({
      [grandpa.id]: true,
      [other.id]: false,
    });
  });
});
