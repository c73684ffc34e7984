import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/contacts/import/route";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { parseContactsFile } from "@/lib/contacts/parse-contacts-file";
import { contactFixture } from "../../support/contact-fixtures";
import { callRoute } from "../../support/call-route";
import { createSignedInUser } from "../../support/users";

const rowsOf = (userId: string) => db.select().from(contacts).where(eq(contacts.workspaceId, userId));

function importRows(cookie: string, rows: unknown[]) {
  return callRoute(POST, "/api/contacts/import", { method: "POST", cookie, body: { rows } });
}

describe("POST /api/contacts/import", () => {
  it("imports a spreadsheet export with quoted fields and reports each failed row and why", async () => {
    const { user, cookie } = await createSignedInUser({ phone: "+14155550100" });
    const csv = [
      "\uFEFFFull Name,E-mail Address,Phone Number,Relationship",
      '"Smith, Jane",jane@example.com,"(415) 555-2671","Friend, old"',
      ",nobody@example.com,,",
      "No Contact,,,",
      "Bad Mail,not-an-email,,",
      "Dup,JANE@example.com,,",
      "Bob,,415 555 2672,",
    ].join("\r\n");
    const { rows } = parseContactsCsv(csv);
    const res = await importRows(cookie, rows);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      imported: 2,
      failed: 4,
      failures: [
        { line: 3, reason: "Name is required", code: "invalid_input", field: "name" },
        {
          line: 4,
          reason: "Either email or phone must be provided",
          code: "email_or_phone_required",
          field: "email",
        },
        { line: 5, reason: "Invalid email", code: "invalid_email", field: "email" },
        { line: 6, reason: "A contact with this email already exists", code: "duplicate_email" },
      ],
      leftOut: [],
    });
    const saved = await rowsOf(user.id);
    expect(saved.map((c) => [c.name, c.phone, c.relationship]).sort()).toEqual([
      ["Bob", "+14155552672", null],
      ["Smith, Jane", "+14155552671", "Friend, old"],
    ]);
  });

  it("stops at the plan's limit: rows past it fail with a reason", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "free" });
    const rows = Array.from({ length: 8 }, (_, i) => ({
      line: i + 2,
      name: `P${i}`,
      email: `p${i}@example.com`,
    }));
    const res = await importRows(cookie, rows);
    expect(res.json).toMatchObject({ imported: 5, failed: 3 });
    expect(res.json.failures).toEqual(
      [5, 6, 7].map((i) => ({ line: i + 2, reason: "Contact limit reached", code: "contact_limit" })),
    );
    expect(await rowsOf(user.id)).toHaveLength(5);
  });

  it("brings in 500 contacts of a 10,000-row file on the professional plan and fails the rest", async () => {
    const { user, cookie } = await createSignedInUser({ planType: "professional" });
    const lines = ["name,email,phone"];
    for (let i = 0; i < 10_000; i++) lines.push(`"Person ${i}, Jr",p${i}@example.com,`);
    const { rows } = parseContactsCsv(lines.join("\n"));
    const res = await importRows(cookie, rows);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ imported: 500, failed: 9_500 });
    expect(await rowsOf(user.id)).toHaveLength(500);
  });

  it.each([
    ["no rows", { rows: [] }],
    ["a wrong type", { rows: [{ name: 5 }] }],
    ["an unknown field", { rows: [{ name: "A", email: "a@example.com" }], extra: true }],
  ])("refuses %s with 400 and imports nothing", async (_label, body) => {
    const { user, cookie } = await createSignedInUser();
    const res = await callRoute(POST, "/api/contacts/import", { method: "POST", cookie, body });
    expect(res.status).toBe(400);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  describe("real exports, read as the browser reads the chosen file", () => {
    const importFile = (cookie: string, name: string) =>
      importRows(cookie, parseContactsFile(name, contactFixture(name)).rows);
    const saved = async (userId: string) =>
      (await rowsOf(userId))
        .map((c) => [c.name, c.email, c.phone, c.timezone, c.locale])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

    it("imports all 5 rows of a Google Contacts export; a national number is read in the user's zone's country, each contact in its phone's language", async () => {
      // No phone of their own: "07700 900123" is British because the user lives in Europe/London.
      const { user, cookie } = await createSignedInUser({ timezone: "Europe/London", locale: "es" });
      const res = await importFile(cookie, "google-contacts.csv");
      expect(res.json).toEqual({ imported: 5, failed: 0, failures: [], leftOut: [] });
      expect(await saved(user.id)).toEqual([
        ["Acme Dental", "reception@acmedental.example", "+14155552671", null, "en"],
        ["Amélie Durand", "amelie.durand@orange.fr", "+33612345678", null, "fr"],
        ["Jane Smith", "jane.smith@gmail.com", "+447911123456", null, "en"],
        ["José García Pérez", "jose.garcia@example.es", "+34612345678", null, "es"],
        ["Robert James Lee", null, "+447823456789", null, "en"],
      ]);
    });

    it("imports an Outlook export", async () => {
      const { user, cookie } = await createSignedInUser({ timezone: "America/New_York" });
      expect((await importFile(cookie, "outlook-contacts.csv")).json).toMatchObject({
        imported: 3,
        failed: 0,
      });
      expect((await saved(user.id)).map((c) => c.slice(0, 3))).toEqual([
        ["Ellen Louise Ripley", null, "+16175552675"],
        ["Kyle Reese", "kyle.reese@example.com", "+12125552674"],
        ["Sarah Connor", "sarah.connor@outlook.com", "+14155552672"],
      ]);
    });

    it("imports a Windows-1252 French spreadsheet with its accents intact", async () => {
      const { user, cookie } = await createSignedInUser({ timezone: "Europe/Paris", locale: "fr" });
      expect((await importFile(cookie, "excel-fr-windows-1252.csv")).json).toMatchObject({ imported: 3 });
      expect((await saved(user.id)).map((c) => c.slice(0, 3))).toEqual([
        ["Françoise Lefèvre", null, "+33612345679"],
        ["José Núñez", "jose.nunez@example.es", "+34612345679"],
        ["Zoé Château", "zoe@example.fr", null],
      ]);
    });

    it("imports a vCard file with each card's zone and language; a card without a name fails", async () => {
      const { user, cookie } = await createSignedInUser({ timezone: "America/Chicago", locale: "en" });
      expect((await importFile(cookie, "contacts.vcf")).json).toEqual({
        imported: 4,
        failed: 1,
        failures: [{ line: 5, reason: "Name is required", code: "invalid_input", field: "name" }],
        leftOut: [],
      });
      expect(await saved(user.id)).toEqual([
        ["Amélie Durand", "amelie@example.fr", "+33612345679", "Europe/Paris", "fr"],
        ["Bartholomew Alexander Fitzgerald-Smythe", "bart@example.com", null, null, "en"],
        ["John Appleseed", "john.appleseed@icloud.com", "+14155552676", null, "en"],
        ["José Núñez", null, "+34612345680", null, "es"],
      ]);
    });
  });

  it("checks each row's time zone, language and internationalised e-mail", async () => {
    const { user, cookie } = await createSignedInUser();
    const res = await importRows(cookie, [
      { line: 2, name: "Ann", email: "ann@example.com", timezone: "Mars/Olympus" },
      { line: 3, name: "Ben", email: "ben@example.com", locale: "de" },
      { line: 4, name: "Cy", email: "cy@correo.españa.es", timezone: "Asia/Tokyo", locale: "es" },
    ]);
    expect(res.json).toEqual({
      imported: 1,
      failed: 2,
      failures: [
        { line: 2, reason: "Unknown timezone", code: "invalid_input", field: "timezone" },
        { line: 3, reason: "Unsupported language", code: "invalid_input", field: "locale" },
      ],
      leftOut: [],
    });
    expect((await rowsOf(user.id)).map((c) => [c.email, c.timezone, c.locale])).toEqual([
      ["cy@correo.xn--espaa-rta.es", "Asia/Tokyo", "es"],
    ]);
  });
});
