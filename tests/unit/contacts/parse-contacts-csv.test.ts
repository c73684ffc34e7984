import { describe, expect, it } from "vitest";
import { CONTACTS_TEMPLATE_CSV } from "@/lib/contacts/contacts-template";
import {
  CSV_NO_EMAIL_OR_PHONE,
  CSV_NO_NAME,
  CSV_TOO_SHORT,
  ROW_TOO_SHORT,
  parseContactsCsv,
} from "@/lib/contacts/parse-contacts-csv";

describe("parseContactsCsv", () => {
  it("reads quoted commas, CRLF line ends and a byte-order mark", () => {
    const text =
      '\uFEFFname,email,phone,relationship\r\n"Smith, Jane",jane@example.com,,"Friend, close"\r\nBob,,+14155552671,\r\n';
    expect(parseContactsCsv(text)).toEqual({
      rows: [
        {
          line: 2,
          name: "Smith, Jane",
          email: "jane@example.com",
          phone: undefined,
          relationship: "Friend, close",
        },
        { line: 3, name: "Bob", email: undefined, phone: "+14155552671", relationship: undefined },
      ],
      skipped: [],
      leftOut: [],
      columns: [
        { label: "name", field: "name" },
        { label: "email", field: "email" },
        { label: "phone", field: "phone" },
        { label: "relationship", field: "relationship" },
      ],
    });
  });

  it("matches header variants by the words they contain, in any case and order", () => {
    const text = "Relationship,E-mail Address,Full Name,Mobile Phone Number\nFriend,a@example.com,Ann,555\n";
    expect(parseContactsCsv(text).rows).toEqual([
      { line: 2, name: "Ann", email: "a@example.com", phone: "555", relationship: "Friend" },
    ]);
  });

  it("skips blank lines and reports rows with fewer than 2 cells", () => {
    const text = "name,email\n\nAnn,a@example.com\n   \nlonely\nBob,b@example.com\n";
    const parsed = parseContactsCsv(text);
    expect(parsed.rows.map((r) => r.name)).toEqual(["Ann", "Bob"]);
    expect(parsed.skipped).toEqual([{ line: 3, reason: ROW_TOO_SHORT }]);
  });

  it.each([
    ["a header only", "name,email\n", CSV_TOO_SHORT],
    ["an empty file", "", CSV_TOO_SHORT],
    ["no name column", "email,phone\na@example.com,1\n", CSV_NO_NAME],
    ["neither email nor phone column", "name,relationship\nAnn,Friend\n", CSV_NO_EMAIL_OR_PHONE],
  ])("refuses %s with its file error message", (_label, text, message) => {
    expect(() => parseContactsCsv(text)).toThrow(message);
  });

  it("reads its own template back: three rows, with their groups", () => {
    const parsed = parseContactsCsv(CONTACTS_TEMPLATE_CSV);
    expect(parsed.rows.map((r) => [r.name, r.groups])).toEqual([
      ["Jane Smith", ["Book club"]],
      ["John Doe", ["Work"]],
      ["García, María", ["Family", "Book club"]],
    ]);
    expect(parsed.skipped).toEqual([]);
    expect(parsed.columns.every((c) => c.field !== null)).toBe(true);
  });

  it("handles a 10,000-row file", () => {
    const lines = ["name,email"];
    for (let i = 0; i < 10_000; i++) lines.push(`"Person ${i}, Jr",p${i}@example.com`);
    const parsed = parseContactsCsv(lines.join("\r\n"));
    expect(parsed.rows).toHaveLength(10_000);
    expect(parsed.rows[9_999]).toMatchObject({ line: 10_001, name: "Person 9999, Jr" });
  });
});
