import { describe, expect, it } from "vitest";
import { matchColumns, readRow } from "@/lib/contacts/contact-columns";
import { CSV_NO_NAME, parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { parseContactsFile } from "@/lib/contacts/parse-contacts-file";
import { contactFixture } from "../../support/contact-fixtures";

const headerOf = (name: string) =>
  new TextDecoder()
    .decode(contactFixture(name))
    .replace(/^\uFEFF/, "")
    .split("\r\n")[0]
    .split(",");

describe("matchColumns", () => {
  it("reads Google's export by its real headers, not by the first header containing a word", () => {
    const header = headerOf("google-contacts.csv");
    const columns = matchColumns(header);
    const names = (field: keyof typeof columns) => columns[field]?.map((i) => header[i]);
    expect(names("first")).toEqual(["First Name"]);
    expect(names("middle")).toEqual(["Middle Name"]);
    expect(names("last")).toEqual(["Last Name"]);
    expect(names("email")).toEqual(["E-mail 1 - Value", "E-mail 2 - Value"]);
    expect(names("phone")).toEqual(["Phone 1 - Value", "Phone 2 - Value"]);
    expect(names("name")).toBeUndefined();
    expect(names("relationship")).toBeUndefined();
  });

  it("reads Outlook's export: mobile before primary, home and business phones; never a fax", () => {
    const header = headerOf("outlook-contacts.csv");
    const columns = matchColumns(header);
    const phones = columns.phone?.map((i) => header[i]) ?? [];
    expect(phones.slice(0, 4)).toEqual(["Mobile Phone", "Primary Phone", "Home Phone", "Business Phone"]);
    expect(phones.some((p) => /fax|pager|assistant/i.test(p))).toBe(false);
    expect(columns.email?.map((i) => header[i])).toEqual([
      "E-mail Address",
      "E-mail 2 Address",
      "E-mail 3 Address",
    ]);
    expect(columns.name).toBeUndefined();
  });

  it("reads the older Google format: Name before Given/Family Name, Yomi columns ignored", () => {
    const header = [
      "Name",
      "Given Name",
      "Additional Name",
      "Family Name",
      "Yomi Name",
      "Given Name Yomi",
      "Language",
      "E-mail 1 - Type",
      "E-mail 1 - Value",
      "Phone 1 - Type",
      "Phone 1 - Value",
    ];
    const columns = matchColumns(header);
    expect(columns).toMatchObject({
      name: [0],
      first: [1],
      middle: [2],
      last: [3],
      locale: [6],
      email: [8],
      phone: [10],
    });
  });

  it.each([
    [["Prénom", "Nom", "Courriel", "Téléphone"], { first: [0], last: [1], email: [2], phone: [3] }],
    [["Nom", "Adresse e-mail", "Portable"], { name: [0], email: [1], phone: [2] }],
    [
      ["Nombre", "Apellidos", "Correo electrónico", "Teléfono móvil"],
      { first: [0], last: [1], email: [2], phone: [3] },
    ],
    [
      ["Nombre", "Correo", "Teléfono", "Relación", "Zona horaria", "Idioma"],
      { name: [0], email: [1], phone: [2], relationship: [3], timezone: [4], locale: [5] },
    ],
    [["Full Name", "E-mail Address", "Mobile Phone Number"], { name: [0], email: [1], phone: [2] }],
  ])("accepts %j", (header, expected) => {
    expect(matchColumns(header)).toEqual(expected);
  });

  it("joins first, middle and last names and takes the first of Google's ::: values", () => {
    const columns = matchColumns([
      "First Name",
      "Middle Name",
      "Last Name",
      "Phone 1 - Value",
      "Phone 2 - Value",
    ]);
    expect(readRow(columns, ["José", "", "García Pérez", "", "+34 612 ::: +34 911"])).toMatchObject({
      name: "José García Pérez",
      phone: "+34 612",
    });
  });

  it("falls back to the organization when a contact has no person's name", () => {
    const columns = matchColumns(["First Name", "Last Name", "Organization Name", "E-mail 1 - Value"]);
    expect(readRow(columns, ["", "", "Acme Dental", "a@example.com"]).name).toBe("Acme Dental");
  });

  it("still refuses a file with no name column at all", () => {
    expect(() => parseContactsCsv("E-mail 1 - Label,E-mail 1 - Value\n* Home,a@example.com\n")).toThrow(
      CSV_NO_NAME,
    );
  });
});

describe("parseContactsFile on real exports", () => {
  it("reads the 5 rows of a Google export with names, e-mails, phones and the address's country", () => {
    const { rows, skipped } = parseContactsFile("contacts.csv", contactFixture("google-contacts.csv"));
    expect(skipped).toEqual([]);
    expect(rows).toEqual([
      { line: 2, name: "Jane Smith", email: "jane.smith@gmail.com", phone: "+44 7911 123456", country: "GB" },
      { line: 3, name: "José García Pérez", email: "jose.garcia@example.es", phone: "+34 612 34 56 78" },
      { line: 4, name: "Amélie Durand", email: "amelie.durand@orange.fr", phone: "+33 6 12 34 56 78" },
      { line: 5, name: "Robert James Lee", phone: "07823 456789" },
      { line: 6, name: "Acme Dental", email: "reception@acmedental.example", phone: "+1 415-555-2671" },
    ]);
  });

  it("reads an Outlook export, taking the next e-mail or phone column when the first is empty", () => {
    const { rows } = parseContactsFile("outlook.csv", contactFixture("outlook-contacts.csv"));
    expect(rows).toEqual([
      { line: 2, name: "Sarah Connor", email: "sarah.connor@outlook.com", phone: "(415) 555-2672" },
      { line: 3, name: "Kyle Reese", email: "kyle.reese@example.com", phone: "212-555-2674" },
      { line: 4, name: "Ellen Louise Ripley", phone: "(617) 555-2675" },
    ]);
  });

  it("reads a French Excel file saved in Windows-1252 with ; separators", () => {
    const { rows } = parseContactsFile("contacts.csv", contactFixture("excel-fr-windows-1252.csv"));
    expect(rows.map((r) => [r.name, r.email, r.phone, r.relationship])).toEqual([
      ["José Núñez", "jose.nunez@example.es", "+34 612 34 56 79", "Ami"],
      ["Françoise Lefèvre", undefined, "06 12 34 56 79", "Famille"],
      ["Zoé Château", "zoe@example.fr", undefined, "Collègue"],
    ]);
  });
});
