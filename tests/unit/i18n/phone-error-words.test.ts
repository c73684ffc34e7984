import { describe, expect, it } from "vitest";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

// A number refused as a phone number is most often one written without its country code: every
// place that says so (contact form, Settings, the API error words) shows how to write one.
describe("the invalid phone number words", () => {
  it.each([
    ["en", en],
    ["es", es],
    ["fr", fr],
  ] as const)("%s: suggest the country code with a valid example", (_, messages) => {
    for (const words of [
      messages.contactForm.errors.invalidPhone,
      messages.settings.invalidPhone,
      messages.errors.invalid_phone,
    ]) {
      const example = /\+\d[\d ]+\d/.exec(words)?.[0] ?? "";
      expect(parsePhoneNumberFromString(example)?.isValid(), words).toBe(true);
    }
  });
});
