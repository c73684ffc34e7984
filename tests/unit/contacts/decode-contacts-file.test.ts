import { describe, expect, it } from "vitest";
import { decodeContactsFile } from "@/lib/contacts/decode-contacts-file";

const bytes = (...values: number[]) => new Uint8Array(values);

describe("decodeContactsFile", () => {
  it("reads UTF-8, with or without a byte-order mark", () => {
    const jose = new TextEncoder().encode("José");
    expect(decodeContactsFile(jose)).toBe("José");
    expect(decodeContactsFile(bytes(0xef, 0xbb, 0xbf, ...jose))).toBe("José");
  });

  it("falls back to Windows-1252 when the bytes are not valid UTF-8", () => {
    // "José" and "€5 – Zoë" as Excel on Windows writes them.
    expect(decodeContactsFile(bytes(0x4a, 0x6f, 0x73, 0xe9))).toBe("José");
    expect(decodeContactsFile(bytes(0x80, 0x35, 0x20, 0x96, 0x20, 0x5a, 0x6f, 0xeb))).toBe("€5 – Zoë");
  });

  it("reads UTF-16 with its byte-order mark (Excel's 'Unicode text')", () => {
    expect(decodeContactsFile(bytes(0xff, 0xfe, 0x4a, 0, 0xe9, 0))).toBe("Jé");
    expect(decodeContactsFile(bytes(0xfe, 0xff, 0, 0x4a, 0, 0xe9))).toBe("Jé");
  });
});
