import { describe, expect, it } from "vitest";
import { countryCodeOf } from "@/lib/contacts/country-code-of";
import { fileDateOrder, userDateOrder } from "@/lib/contacts/date-order";
import { parseContactsCsv } from "@/lib/contacts/parse-contacts-csv";
import { parseVcard } from "@/lib/contacts/parse-vcard";
import { readFileDate } from "@/lib/contacts/read-file-date";
import { readRowDates } from "@/lib/contacts/read-row-dates";

const NOW = new Date("2026-06-01T12:00:00Z");

describe("readFileDate: the dates vendors write", () => {
  it.each([
    ["1986-03-14", undefined, { month: 3, day: 14, year: 1986 }],
    ["--12-25", undefined, { month: 12, day: 25, year: null }],
    ["3/14/1986", undefined, { month: 3, day: 14, year: 1986 }],
    ["25/12/1980", undefined, { month: 12, day: 25, year: 1980 }],
    ["7/4/1990", "mdy", { month: 7, day: 4, year: 1990 }],
    ["7/4/1990", "dmy", { month: 4, day: 7, year: 1990 }],
    ["5/5/1990", undefined, { month: 5, day: 5, year: 1990 }],
    ["14.03.1986", undefined, { month: 3, day: 14, year: 1986 }],
    ["14-03-1986", undefined, { month: 3, day: 14, year: 1986 }],
    ["14/03/86", undefined, { month: 3, day: 14, year: 1986 }],
    ["14/03/25", undefined, { month: 3, day: 14, year: 2025 }],
    ["25/12", undefined, { month: 12, day: 25, year: null }],
    ["29/2/2000", undefined, { month: 2, day: 29, year: 2000 }],
  ] as const)("%s (%s)", (raw, order, date) => {
    expect(readFileDate(raw, order, NOW)).toEqual({ kind: "date", date });
  });

  it.each(["", "  ", "0/0/00", "00/00/0000", "0000-00-00", "1/1/4501"])("%j is no date", (raw) => {
    expect(readFileDate(raw, "mdy", NOW)).toEqual({ kind: "none" });
  });

  it.each(["31/31/1999", "29/2/1987", "13/13", "soon", "1986-3-3x", "3/14/1850"])(
    "%s is unreadable",
    (raw) => {
      expect(readFileDate(raw, "dmy", NOW)).toEqual({ kind: "unreadable" });
    },
  );

  it("a day and month that both could be either are ambiguous without an order", () => {
    expect(readFileDate("7/4/1990", undefined, NOW)).toEqual({ kind: "ambiguous" });
  });
});

describe("which order numeric dates are in", () => {
  it("the file tells by a number above 12, or says it writes both ways", () => {
    expect(fileDateOrder(["3/14/1986", "7/4/1990", "0/0/00", undefined])).toBe("mdy");
    expect(fileDateOrder(["25/12/1980", "03/04/1975"])).toBe("dmy");
    expect(fileDateOrder(["25/12/1980", "3/14/1986"])).toBe("mixed");
    expect(fileDateOrder(["1/1/2000", "1986-03-14"])).toBeUndefined();
  });

  it("the user's locale: the country's main language there, else the user's language", () => {
    expect(userDateOrder({ region: "ES", locale: "en" })).toBe("dmy");
    expect(userDateOrder({ region: "US", locale: "es" })).toBe("mdy");
    expect(userDateOrder({ region: "GB", locale: "en" })).toBe("dmy");
    expect(userDateOrder({ locale: "en" })).toBe("mdy");
    expect(userDateOrder({ locale: "fr" })).toBe("dmy");
  });

  it("readRowDates: the file's order first, then the headers', then the user's", () => {
    const rows = [
      { line: 2, name: "A", birthday: "7/4/1990" },
      { line: 3, name: "B", birthday: "3/14/1986", anniversary: "0/0/00" },
    ];
    expect(readRowDates(rows, { user: { region: "ES", locale: "es" } })).toEqual({
      rows: [
        { line: 2, name: "A", birthday: "1990-07-04" },
        { line: 3, name: "B", birthday: "1986-03-14" },
      ],
      leftOut: [],
    });
    const open = [{ line: 2, name: "A", birthday: "7/4/1990" }];
    expect(readRowDates(open, { headerOrder: "dmy", user: { region: "US", locale: "en" } }).rows).toEqual([
      { line: 2, name: "A", birthday: "1990-04-07" },
    ]);
    expect(readRowDates(open, { user: { region: "US", locale: "en" } }).rows).toEqual([
      { line: 2, name: "A", birthday: "1990-07-04" },
    ]);
    // Nothing to go by: sent as written, for the server to read in the user's order.
    expect(readRowDates(open).rows).toEqual(open);
  });

  it("a date column named in Spanish or French is day first, whoever imports it", () => {
    const csv = "Nombre;Correo;Fecha de nacimiento\nAna;ana@example.es;3/4/1980\n";
    expect(parseContactsCsv(csv, { region: "US", locale: "en" }).rows[0].birthday).toBe("1980-04-03");
    const english = "Name,Email,Birthday\nAna,ana@example.com,3/4/1980\n";
    expect(parseContactsCsv(english, { region: "US", locale: "en" }).rows[0].birthday).toBe("1980-03-04");
  });

  it("readRowDates leaves out an unreadable date, and an ambiguous one from a file that writes both ways", () => {
    const rows = [
      { line: 2, name: "A", email: "a@example.com", birthday: "25/12/1980" },
      { line: 3, name: "B", email: "b@example.com", birthday: "3/14/1986" },
      { line: 4, name: "C", email: "c@example.com", birthday: "7/4/1990", anniversary: "someday" },
    ];
    const read = readRowDates(rows, { user: { region: "ES", locale: "es" } });
    expect(read.rows).toEqual([
      { line: 2, name: "A", email: "a@example.com", birthday: "1980-12-25" },
      { line: 3, name: "B", email: "b@example.com", birthday: "1986-03-14" },
      { line: 4, name: "C", email: "c@example.com" },
    ]);
    expect(read.leftOut.map((d) => [d.line, d.field, d.value, d.code])).toEqual([
      [4, "birthday", "7/4/1990", "ambiguous_date"],
      [4, "anniversary", "someday", "unreadable_date"],
    ]);
  });
});

describe("countryCodeOf: the country a file names", () => {
  it.each([
    ["us", "US"],
    ["FR", "FR"],
    ["United States of America", "US"],
    ["United States", "US"],
    ["Estados Unidos", "US"],
    ["États-Unis", "US"],
    ["Francia", "FR"],
    ["España", "ES"],
    ["Alemania", "DE"],
    ["Deutschland", "DE"],
    ["UK", "GB"],
    ["Reino Unido", "GB"],
  ])("%s is %s", (text, code) => {
    expect(countryCodeOf(text)).toBe(code);
  });

  it.each(["", "Narnia", "xx"])("%j is none", (text) => {
    expect(countryCodeOf(text)).toBeUndefined();
  });
});

describe("the country a file gives for a contact's phone", () => {
  it("CSV: a home country column before a business one, Google's Address 1 - Country, País", () => {
    const outlook = parseContactsCsv(
      "First Name,Mobile Phone,Business Country/Region,Home Country/Region\nAnn,(415) 555-2672,Canada,United States of America\n",
    );
    expect(outlook.rows[0].country).toBe("United States of America");
    const google = parseContactsCsv("Name,Phone 1 - Value,Address 1 - Country\nAnn,06 12 34 56 78,FR\n");
    expect(google.rows[0].country).toBe("FR");
    const excel = parseContactsCsv("Nombre;Móvil;País\nAna;06 12 34 56 78;Francia\n");
    expect(excel.rows[0].country).toBe("Francia");
  });

  it("vCard: the X-ABADR of the address's group, else the ADR's country, else a lone X-ABADR", () => {
    const card = (...lines: string[]) =>
      ["BEGIN:VCARD", "VERSION:3.0", "FN:A", ...lines, "END:VCARD"].join("\r\n");
    const text = [
      card(
        "item1.ADR;type=WORK:;;1 Main St;Paris;;75001;France",
        "item2.ADR;type=HOME;type=pref:;;165 Davis Street;Hillsborough;CA;94010;",
        "item2.X-ABADR:us",
        "item1.X-ABADR:fr",
      ),
      card("ADR;HOME;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:;;Calle Mayor 1;Madrid;;28013;Espa=C3=B1a"),
      card("item1.X-ABADR:sg"),
      card("ADR;HOME:;;1 Main St;Springfield;;;"),
    ].join("\r\n");
    expect(parseVcard(text).rows.map((r) => r.country)).toEqual(["us", "España", "sg", undefined]);
  });
});
