import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/contacts/import/route";
import { contactDates, contacts } from "@/db/schema";
import { db } from "@/lib/db";
import type { ImportResult } from "@/lib/contacts/import-contacts";
import { parseContactsFile } from "@/lib/contacts/parse-contacts-file";
import { contactFixture } from "../../support/contact-fixtures";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

/**
 * Each vendor's export as its documentation describes it, read the way the browser reads the
 * chosen file, imported by a user in Madrid: every contact comes in with every detail.
 */
async function importAsMadridUser(file: string) {
  const { user, cookie } = await createSignedInUser({ timezone: "Europe/Madrid", locale: "es" });
  const parsed = parseContactsFile(file, contactFixture(file), { region: "ES", locale: "es" });
  const res = await callRoute<ImportResult>(POST, "/api/contacts/import", {
    method: "POST",
    cookie,
    body: { rows: parsed.rows },
  });
  expect(res.status).toBe(200);
  return { workspaceId: user.id, result: res.json, parsed };
}

/** Each contact as [name, email, phone, dates "birthday 1986-03-14" / "anniversary --12-25"]. */
async function saved(userId: string) {
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, email: contacts.email, phone: contacts.phone })
    .from(contacts)
    .where(eq(contacts.workspaceId, userId));
  // By code unit, the same on every database collation.
  rows.sort((a, b) => (a.name < b.name ? -1 : 1));
  const dates = await db.select().from(contactDates).where(eq(contactDates.workspaceId, userId));
  const pad = (n: number) => String(n).padStart(2, "0");
  return rows.map((c) => [
    c.name,
    c.email,
    c.phone,
    dates
      .filter((d) => d.contactId === c.id)
      .map((d) => `${d.kind} ${d.year ?? "-"}-${pad(d.month)}-${pad(d.day)}`)
      .sort(),
  ]);
}

const complete = (imported: number) => ({ imported, failed: 0, failures: [], leftOut: [] });

describe("exports written the way each vendor documents them import completely", () => {
  it("Google Contacts CSV: national numbers read in their address's country", async () => {
    const { workspaceId: userId, result, parsed } = await importAsMadridUser("google-export.csv");
    expect(parsed.skipped).toEqual([]);
    expect(result).toEqual(complete(5));
    expect(await saved(userId)).toEqual([
      ["Camille Martin", null, "+33612345678", ["birthday 1985-07-14"]],
      ["Clínica Dental Sol", "cita@clinicasol.example", "+34911234567", []],
      ["Jane Smith", "jane.smith@example.co.uk", "+447911123456", []],
      ["Lucía Fernández Ortega", "lucia.fernandez@gmail.com", "+34612345685", ["birthday 1990-05-17"]],
      ["Michael Brown", "michael.brown@example.com", "+14155552671", ["birthday --12-25"]],
    ]);
  });

  it("classic Outlook CSV: M/D/YYYY dates, 0/0/00 as no date, the Country/Region columns", async () => {
    const { workspaceId: userId, result } = await importAsMadridUser("outlook-classic.csv");
    expect(result).toEqual(complete(3));
    expect(await saved(userId)).toEqual([
      ["Ellen Louise Ripley", null, "+16175552675", []],
      [
        "Kyle Reese",
        "kyle.reese@example.com",
        "+12125552674",
        ["anniversary 2015-10-02", "birthday 1990-07-04"],
      ],
      ["Sarah Connor", "sarah.connor@outlook.com", "+14155552672", ["birthday 1986-03-14"]],
    ]);
  });

  it("iCloud vCard 3.0: a US number without +1 read by the card's X-ABADR country", async () => {
    const { workspaceId: userId, result } = await importAsMadridUser("icloud.vcf");
    expect(result).toEqual(complete(4));
    expect(await saved(userId)).toEqual([
      ["Ana Ruiz", null, "+34612345679", []],
      ["John Appleseed", "john.appleseed@icloud.com", "+14155550132", ["birthday 1980-06-22"]],
      ["Kate Bell", "kate-bell@mac.com", "+16505550173", ["birthday --01-20"]],
      ["Pierre Durand", "pierre.durand@example.fr", "+33612345680", []],
    ]);
  });

  it("Android vCard 2.1: a French mobile read by the ADR's country, named in Spanish", async () => {
    const { workspaceId: userId, result } = await importAsMadridUser("android.vcf");
    expect(result).toEqual(complete(4));
    expect(await saved(userId)).toEqual([
      ["Hélène Girard", "helene.girard@example.fr", null, ["birthday --02-29"]],
      ["José Núñez", null, "+34612345682", []],
      ["Lukas Weber", "lukas.weber@example.de", "+4915123456789", []],
      ["Marie Dupont", "marie.dupont@example.fr", "+33612345681", ["birthday 1985-07-14"]],
    ]);
  });

  it("Spanish Excel CSV (Windows-1252, ';'): d/m/yyyy dates and a País column", async () => {
    const { workspaceId: userId, result } = await importAsMadridUser("excel-es-windows-1252.csv");
    expect(result).toEqual(complete(4));
    expect(await saved(userId)).toEqual([
      ["Françoise Lefèvre", null, "+33612345684", ["birthday 1990-02-07"]],
      ["José Núñez García", "jose.nunez@example.es", "+34612345683", ["birthday 1980-12-25"]],
      [
        "María López Díaz",
        "maria.lopez@example.es",
        "+34699123456",
        ["anniversary 2001-06-15", "birthday 1975-04-03"],
      ],
      ["Álvaro Pérez", "alvaro.perez@example.es", null, ["birthday 2000-01-01"]],
    ]);
  });
});

describe("what cannot be read is left out, not the contact", () => {
  it("a phone is read in the row's country, then the user's; one that reads in neither is left out", async () => {
    const { user, cookie } = await createSignedInUser({ timezone: "Europe/Madrid", locale: "es" });
    const rows = [
      { line: 2, name: "Tom", email: "tom@example.com", phone: "(415) 555-2671" },
      { line: 3, name: "Ute", email: "ute@example.de", phone: "0151 23456789", country: "Deutschland" },
      { line: 4, name: "Val", phone: "(415) 555-2672" },
      { line: 5, name: "Wes", email: "wes@example.com", birthday: "7/4/1990", anniversary: "13/13/2013" },
      { line: 6, name: "Xia", email: "xia@example.com", phone: "+1 415 555 2673", country: "France" },
      { line: 7, name: "Yves", email: "yves@example.com", anniversary: "0/0/00" },
    ];
    const res = await callRoute<ImportResult>(POST, "/api/contacts/import", {
      method: "POST",
      cookie,
      body: { rows },
    });
    expect(res.json).toEqual({
      imported: 5,
      failed: 1,
      // With no e-mail, the unreadable phone leaves nothing to reach the contact by.
      failures: [{ line: 4, reason: "Invalid phone number", code: "invalid_phone", field: "phone" }],
      leftOut: [
        {
          line: 2,
          field: "phone",
          value: "(415) 555-2671",
          code: "invalid_phone",
          reason: "Not a phone number that could be read: add its country code (+33...)",
        },
        {
          line: 5,
          field: "anniversary",
          value: "13/13/2013",
          code: "unreadable_date",
          reason: "Not a date that could be read",
        },
      ],
    });
    expect(await saved(user.id)).toEqual([
      ["Tom", "tom@example.com", null, []],
      ["Ute", "ute@example.de", "+4915123456789", []],
      // A numeric date the file leaves open is read the Spanish way: 7 April.
      ["Wes", "wes@example.com", null, ["birthday 1990-04-07"]],
      ["Xia", "xia@example.com", "+14155552673", []],
      ["Yves", "yves@example.com", null, []],
    ]);
  });
});
