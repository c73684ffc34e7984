import { describe, expect, it } from "vitest";
import { detectLocale } from "@/i18n/locales";

describe("detectLocale", () => {
  it("prefers local storage over the browser", () => {
    expect(detectLocale("fr", ["es-ES", "en"])).toBe("fr");
  });
  it("falls back to the first supported browser language", () => {
    expect(detectLocale(null, ["de-DE", "es-MX", "fr"])).toBe("es");
    expect(detectLocale("xx", ["fr-CA"])).toBe("fr");
  });
  it("ends with English", () => {
    expect(detectLocale(undefined, ["de", "it"])).toBe("en");
    expect(detectLocale(null, [])).toBe("en");
  });
});
