import { describe, expect, it } from "vitest";
import { readRow, matchColumns } from "@/lib/contacts/contact-columns";
import { parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { parseVcard } from "@/lib/contacts/parse-vcard";
import { contactDatesSchema } from "@/lib/validations/contact-date";
import { parseYearlyDate } from "@/lib/validations/contact-import";

describe("parseYearlyDate: the date formats of contacts files", () => {
  it.each([
    ["1986-03-03", { month: 3, day: 3, year: 1986 }],
    ["19860303", { month: 3, day: 3, year: 1986 }],
    ["1986-03-03T10:00:00Z", { month: 3, day: 3, year: 1986 }],
    ["--03-03", { month: 3, day: 3, year: null }],
    ["--0303", { month: 3, day: 3, year: null }],
    ["03-03", { month: 3, day: 3, year: null }],
    ["--02-29", { month: 2, day: 29, year: null }],
    ["2000-02-29", { month: 2, day: 29, year: 2000 }],
  ])("%s", (raw, expected) => {
    expect(parseYearlyDate(raw)).toEqual(expected);
  });

  it.each(["1987-02-29", "--02-30", "13-01", "1986-3-3", "03/03/1986", "1850-01-01", "soon", ""])(
    "refuses %s",
    (raw) => {
      expect(parseYearlyDate(raw)).toBeNull();
    },
  );
});

describe("contactDatesSchema", () => {
  it("accepts 29 February without a year and refuses it in a common year", () => {
    expect(contactDatesSchema.safeParse([{ kind: "birthday", month: 2, day: 29 }]).success).toBe(true);
    const refused = contactDatesSchema.safeParse([{ kind: "birthday", month: 2, day: 29, year: 1987 }]);
    expect(refused.success).toBe(false);
  });

  it("needs a label for a custom date, drops one on a birthday, allows one birthday", () => {
    expect(contactDatesSchema.safeParse([{ kind: "custom", month: 5, day: 1 }]).success).toBe(false);
    const parsed = contactDatesSchema.parse([{ kind: "birthday", label: "x", month: 5, day: 1, year: "" }]);
    expect(parsed).toEqual([{ kind: "birthday", label: null, month: 5, day: 1, year: null }]);
    const two = [
      { kind: "birthday", month: 5, day: 1 },
      { kind: "birthday", month: 6, day: 1 },
    ];
    expect(contactDatesSchema.safeParse(two).success).toBe(false);
  });
});

describe("dates in contacts files", () => {
  it("CSV: birthday and anniversary columns, in English, French and Spanish headers", () => {
    const csv = "name,email,birthday,anniversary\nAna,ana@example.com,1986-03-03,--06-09\n";
    expect(parseContactsCsv(csv).rows).toEqual([
      { line: 2, name: "Ana", email: "ana@example.com", birthday: "1986-03-03", anniversary: "--06-09" },
    ]);
    const columns = matchColumns(["Nom", "Courriel", "Date de naissance", "Fecha de nacimiento"]);
    expect(readRow(columns, ["Ana", "a@example.com", "--03-03", ""]).birthday).toBe("--03-03");
  });

  it("vCard: BDAY and ANNIVERSARY, with or without a year (RFC 6350 --MMDD, Apple's omitted year), text ignored, sent as YYYY-MM-DD or --MM-DD", () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Ana",
      "EMAIL:ana@example.com",
      "BDAY:--0303",
      "ANNIVERSARY:20120609T120000Z",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Bea",
      "EMAIL:bea@example.com",
      "BDAY:1990-07-14",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:4.0",
      "FN:Cid",
      "EMAIL:cid@example.com",
      "BDAY;VALUE=text:circa 1800",
      "END:VCARD",
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:Dee",
      "EMAIL:dee@example.com",
      "BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-03",
      "END:VCARD",
    ].join("\r\n");
    expect(parseVcard(text).rows).toEqual([
      { line: 1, name: "Ana", email: "ana@example.com", birthday: "--03-03", anniversary: "2012-06-09" },
      { line: 2, name: "Bea", email: "bea@example.com", birthday: "1990-07-14" },
      { line: 3, name: "Cid", email: "cid@example.com" },
      { line: 4, name: "Dee", email: "dee@example.com", birthday: "--03-03" },
    ]);
  });
});
