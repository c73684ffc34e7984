import { describe, expect, it } from "vitest";
import { parseContactsFile } from "@/lib/contacts/parse-contacts-file";
import { VCARD_EMPTY, parseVcard } from "@/lib/contacts/parse-vcard";
import { contactFixture } from "../../support/contact-fixtures";

describe("parseVcard", () => {
  it("reads every card of a file: 3.0, 4.0, 2.1 quoted-printable, folded lines and photos", () => {
    const { rows } = parseContactsFile("contacts.vcf", contactFixture("contacts.vcf"));
    expect(rows).toEqual([
      { line: 1, name: "John Appleseed", email: "john.appleseed@icloud.com", phone: "+1 (415) 555-2676" },
      {
        line: 2,
        name: "Amélie Durand",
        email: "amelie@example.fr",
        phone: "+33-6-12-34-56-79",
        timezone: "Europe/Paris",
        locale: "fr",
      },
      { line: 3, name: "José Núñez", phone: "+34612345680" },
      { line: 4, name: "Bartholomew Alexander Fitzgerald-Smythe", email: "bart@example.com" },
      { line: 5, phone: "+1 415 555 2677" },
    ]);
  });

  it("builds the name from N when FN is missing, and unescapes commas", () => {
    const text = "BEGIN:VCARD\nVERSION:3.0\nN:O\\,Brien;Mary;Ann;Dr.;\nEMAIL:m@example.com\nEND:VCARD\n";
    expect(parseVcard(text).rows).toEqual([{ line: 1, name: "Mary Ann O,Brien", email: "m@example.com" }]);
  });

  it("prefers a mobile number, and ignores an offset as a time zone", () => {
    const text = [
      "BEGIN:VCARD",
      "VERSION:3.0",
      "FN:A",
      "TEL;TYPE=WORK:+1 212 555 0100",
      "TEL;TYPE=CELL:+1 212 555 0101",
      "TZ:-05:00",
      "END:VCARD",
    ].join("\r\n");
    expect(parseVcard(text).rows).toEqual([{ line: 1, name: "A", phone: "+1 212 555 0101" }]);
  });

  it("is chosen by content even without the .vcf extension", () => {
    const bytes = new TextEncoder().encode("BEGIN:VCARD\r\nFN:Ann\r\nEMAIL:a@example.com\r\nEND:VCARD\r\n");
    expect(parseContactsFile("export.txt", bytes).rows).toEqual([
      { line: 1, name: "Ann", email: "a@example.com" },
    ]);
  });

  it("refuses a file without a card", () => {
    expect(() => parseContactsFile("empty.vcf", new TextEncoder().encode("VERSION:3.0\n"))).toThrow(
      VCARD_EMPTY,
    );
  });
});
