import { describe, expect, it } from "vitest";
import { expectRow } from "./expect-row";
import { ROWS } from "./rows";

describe.each([
  ["English", "en", ROWS.en],
  ["Spanish", "es", ROWS.es],
  ["French", "fr", ROWS.fr],
] as const)("quick add in %s", (_language, locale, rows) => {
  it("has a table of at least 60 phrases, each once", () => {
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((row) => row.text)).size).toBe(rows.length);
  });

  it.each(rows.map((row) => [row.text, row] as const))("%s", (_text, row) => expectRow(locale, row));
});
