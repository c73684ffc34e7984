import { describe, expect, it } from "vitest";
import { matchColumns, readRow } from "@/lib/contacts/contact-columns";
import { CONTACTS_TEMPLATE_CSV } from "@/lib/contacts/contacts-template";
import { GroupNameTooLongError, previewContactsFile } from "@/lib/contacts/import-preview";
import { parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { parseVcard } from "@/lib/contacts/parse-vcard";
import { EMAIL_OR_PHONE_MESSAGE, NAME_REQUIRED_MESSAGE } from "@/lib/validations/contact";
import { importRowSchema } from "@/lib/validations/contact-import";
import { contactFixture } from "../../support/contact-fixtures";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a Group column", () => {
  it.each(["Group", "Groups", "Grupo", "Grupos", "Groupe", "Groupes", " GROUP "])(
    "is read under the header %j",
    (header) => {
      const { rows } = parseContactsCsv(`name,email,${header}\nAnn,ann@example.com,Choir\n`);
      expect(rows[0].groups).toEqual(["Choir"]);
    },
  );

  it('puts a row into several groups, separated by ";" or ",", each once whatever its case', () => {
    const columns = matchColumns(["name", "email", "group"]);
    expect(readRow(columns, ["Ann", "a@example.com", " Choir; Family ,choir,, "]).groups).toEqual([
      "Choir",
      "Family",
    ]);
    // An empty cell names no group at all.
    expect(readRow(columns, ["Bo", "b@example.com", " ; "]).groups).toBeUndefined();
  });

  it("reads every group column of a row", () => {
    const columns = matchColumns(["name", "email", "Group", "Grupos"]);
    expect(readRow(columns, ["Ann", "a@example.com", "Choir", "Coro; choir"]).groups).toEqual([
      "Choir",
      "Coro",
    ]);
  });

  it("is not guessed from a header that only mentions groups (Google's Group Membership)", () => {
    expect(matchColumns(["Name", "E-mail 1 - Value", "Group Membership"]).groups).toBeUndefined();
  });
});

describe("vCard CATEGORIES", () => {
  it("gives the card's groups, an escaped comma staying in its name", () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "PRODID:-//Apple Inc.//iOS 17//EN",
      "FN:Ann Lee",
      "EMAIL:ann@example.com",
      "CATEGORIES:Choir,Smith\\, Jones family",
      "CATEGORIES:choir,Work",
      "NOTE:Met at the market",
      "END:VCARD",
    ].join("\r\n");
    const parsed = parseVcard(text);
    expect(parsed.rows[0].groups).toEqual(["Choir", "Smith, Jones family", "Work"]);
    // What every card says about itself is no column; a note is one that is ignored.
    expect(parsed.columns).toEqual([
      { label: "FN", field: "name" },
      { label: "EMAIL", field: "email" },
      { label: "CATEGORIES", field: "groups" },
      { label: "NOTE", field: null },
    ]);
  });
});

describe("previewContactsFile", () => {
  it("names the columns understood and those ignored, and sends only the rows that can come in", () => {
    const csv = [
      "Full Name,E-mail Address,Mobile Phone,Birthday,Group,Notes,",
      "Ann Lee,ann@example.com,,1986-03-14,Choir,likes tea,",
      ",nobody@example.com,,,,,",
      "No Way,,,,Choir,,",
      "lonely",
      "Bo Ray,,+34 600 000 001,31/31/1999,Choir; Family,,",
      "Eve Noon,eve@example.com,,99/99/99,,,",
    ].join("\n");
    const preview = previewContactsFile("contacts.csv", bytes(csv));
    expect(preview.understood).toEqual([
      { field: "name", labels: ["Full Name"] },
      { field: "email", labels: ["E-mail Address"] },
      { field: "phone", labels: ["Mobile Phone"] },
      { field: "birthday", labels: ["Birthday"] },
      { field: "groups", labels: ["Group"] },
    ]);
    expect(preview.ignored).toEqual(["Notes"]);
    expect(preview.rows.map((r) => [r.line, r.name, r.groups])).toEqual([
      [2, "Ann Lee", ["Choir"]],
      [6, "Bo Ray", ["Choir", "Family"]],
      [7, "Eve Noon", undefined],
    ]);
    // The schema's own reasons, so the dialog words them as the server's refusals.
    expect(preview.skipped).toEqual([
      { line: 3, reason: NAME_REQUIRED_MESSAGE },
      { line: 4, reason: EMAIL_OR_PHONE_MESSAGE },
      { line: 5, reason: "Row has fewer than 2 cells" },
    ]);
    expect(preview.leftOut.map((d) => [d.line, d.field, d.code])).toEqual([
      [6, "birthday", "unreadable_date"],
      [7, "birthday", "unreadable_date"],
    ]);
  });

  it("reads a Google export's columns: the name from its parts, the other columns ignored", () => {
    const preview = previewContactsFile("contacts.csv", contactFixture("google-contacts.csv"));
    expect(preview.understood.map((u) => [u.field, u.labels])).toEqual([
      ["name", ["First Name", "Middle Name", "Last Name", "Organization Name"]],
      ["email", ["E-mail 1 - Value", "E-mail 2 - Value"]],
      ["phone", ["Phone 1 - Value", "Phone 2 - Value"]],
      ["birthday", ["Birthday"]],
      ["country", ["Address 1 - Country"]],
    ]);
    expect(preview.ignored).toContain("Labels");
    expect(preview.ignored).toContain("Phonetic First Name");
    expect(preview.rows).toHaveLength(5);
  });

  it("refuses a file naming a group longer than a group's name may be, with the row and the name", () => {
    const long = "x".repeat(81);
    const csv = `name,email,group\nAnn,ann@example.com,Choir\nBo,bo@example.com,Family;${long}\n`;
    let thrown: unknown;
    try {
      previewContactsFile("contacts.csv", bytes(csv));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GroupNameTooLongError);
    expect(thrown).toMatchObject({ line: 3, groupName: long });
    expect((thrown as Error).message).toBe(
      `Row 3: the group name "${"x".repeat(40)}…" is longer than 80 characters`,
    );
    // 80 characters is a group's longest name: accepted.
    const fits = `name,email,group\nAnn,ann@example.com,${"x".repeat(80)}\n`;
    expect(previewContactsFile("contacts.csv", bytes(fits)).rows).toHaveLength(1);
  });

  it("sends the template's rows as the server's row schema takes them", () => {
    const preview = previewContactsFile("contacts_template.csv", bytes(CONTACTS_TEMPLATE_CSV));
    expect(preview.ignored).toEqual([]);
    expect(preview.understood.map((u) => u.field)).toEqual([
      "name",
      "email",
      "phone",
      "relationship",
      "birthday",
      "anniversary",
      "groups",
    ]);
    for (const row of preview.rows) expect(importRowSchema.safeParse(row).success).toBe(true);
  });
});
