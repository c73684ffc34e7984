import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "@/i18n/locales";
import { toE164 } from "@/lib/validations/phone";

describe("localeFromAcceptLanguage", () => {
  it.each([
    ["fr-FR,fr;q=0.9,en;q=0.8", "fr"],
    ["de-DE,es;q=0.5,en;q=0.4", "es"],
    ["en;q=0.1,fr;q=0.9", "fr"],
    ["de-DE", undefined],
    ["", undefined],
    [null, undefined],
  ])("%s -> %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("toE164", () => {
  it("parses national numbers with the default region and international ones without", () => {
    expect(toE164("(415) 555-0123", "US")).toBe("+14155550123");
    expect(toE164("06 12 34 56 78", "FR")).toBe("+33612345678");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
  });
  it("refuses numbers that cannot exist", () => {
    expect(toE164("12345", "US")).toBeNull();
    expect(toE164("not a number")).toBeNull();
  });
});
