import { expect } from "vitest";
import type { QuickAddLocale } from "@/lib/quick-add";
import { NOW, ZONE, draftView, expectedOf, parse, type Row } from "./parse-table";

/** Asserts the draft `row.text` reads to, every field of it. */
export function expectRow(locale: QuickAddLocale, row: Row): void {
  expect(draftView(parse(locale, row.text, NOW, ZONE, row.book))).toEqual(expectedOf(row));
}
