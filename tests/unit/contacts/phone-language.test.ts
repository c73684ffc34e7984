import { describe, expect, it } from "vitest";
import { defaultContactLocale, languageOfPhone } from "@/lib/contacts/phone-language";

describe("a contact's language from their phone", () => {
  it.each([
    ["+34612345678", "es"],
    ["+33612345678", "fr"],
    ["+447911123456", "en"],
    ["+14155552671", "en"],
    ["+525512345678", "es"],
    ["+32470123456", undefined], // Belgium: Dutch first
    ["+15145550142", undefined], // Canada: English and French
    ["+4915123456789", undefined],
    [null, undefined],
  ])("%s reads %s", (phone, language) => {
    expect(languageOfPhone(phone)).toBe(language);
  });

  it("else the user's language", () => {
    expect(defaultContactLocale("+33612345678", "es")).toBe("fr");
    expect(defaultContactLocale("+15145550142", "es")).toBe("es");
    expect(defaultContactLocale(undefined, "fr")).toBe("fr");
  });
});
