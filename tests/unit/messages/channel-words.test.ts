import { describe, expect, it } from "vitest";
import { DELIVERY_METHODS } from "@/db/schema/enums";
import { deliveryTranslator } from "@/lib/messages/render-message";

// The engine's reasons name the channel in the reader's language, never in English inside a
// Spanish or French sentence.
const ENGLISH = /\b(email|phone call)\b/;

describe("the engine's reasons about a channel", () => {
  it.each(["es", "fr"] as const)("%s: an opt-out and a missing address name the channel in %s", (locale) => {
    const t = deliveryTranslator(locale);
    for (const channel of DELIVERY_METHODS) {
      for (const key of ["errors.optedOut", "errors.noAddress"] as const) {
        const text = t(key, { channel });
        expect(text, `${key} ${channel}`).not.toMatch(ENGLISH);
        expect(text).not.toContain("{");
      }
    }
    expect(t("errors.optedOut", { channel: "call" })).toContain(locale === "es" ? "llamada" : "appel");
  });

  it("en: the words stay as they were", () => {
    const t = deliveryTranslator("en");
    expect(t("errors.optedOut", { channel: "call" })).toBe(
      "The contact has opted out of phone call messages",
    );
    expect(t("errors.noAddress", { channel: "email" })).toBe("The contact has no email address");
  });
});
