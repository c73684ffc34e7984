import Papa from "papaparse";
import type { ImportRow } from "@/lib/validations/contact";

export const CSV_TOO_SHORT = "CSV file must have at least a header row and one data row";
export const CSV_NO_NAME = 'CSV must include a "name" column';
export const CSV_NO_EMAIL_OR_PHONE = 'CSV must include at least one of "email" or "phone" columns';
export const ROW_TOO_SHORT = "Row has fewer than 2 cells";

export class CsvFormatError extends Error {}

export interface ParsedCsv {
  /** Data rows to import, each with its row number in the file (the header is row 1). */
  rows: ImportRow[];
  /** Rows dropped before import, with the reason. */
  skipped: { line: number; reason: string }[];
}

type Field = "name" | "email" | "phone" | "relationship";
const FIELDS: Field[] = ["name", "email", "phone", "relationship"];

/** 'E-mail Address' -> 'emailaddress': SPEC matches headers by the words they contain. */
const normalise = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

function columnsOf(header: string[]): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  const normalised = header.map(normalise);
  for (const field of FIELDS) {
    // The first header containing the word that no other field has taken.
    const index = normalised.findIndex((h, i) => h.includes(field) && !Object.values(columns).includes(i));
    if (index >= 0) columns[field] = index;
  }
  return columns;
}

/**
 * Reads a contacts CSV (SPEC section 5) with a real CSV parser: quoted fields with commas
 * or line breaks, CRLF, a byte-order mark and blank lines are all handled.
 */
export function parseContactsCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const table = result.data;
  if (table.length < 2) throw new CsvFormatError(CSV_TOO_SHORT);
  const columns = columnsOf(table[0]);
  if (columns.name === undefined) throw new CsvFormatError(CSV_NO_NAME);
  if (columns.email === undefined && columns.phone === undefined)
    throw new CsvFormatError(CSV_NO_EMAIL_OR_PHONE);

  const rows: ImportRow[] = [];
  const skipped: ParsedCsv["skipped"] = [];
  table.slice(1).forEach((cells, index) => {
    const line = index + 2;
    if (cells.length < 2) {
      skipped.push({ line, reason: ROW_TOO_SHORT });
      return;
    }
    const cell = (field: Field) => {
      const at = columns[field];
      const value = at === undefined ? "" : (cells[at] ?? "").trim();
      return value === "" ? undefined : value;
    };
    rows.push({
      line,
      name: cell("name"),
      email: cell("email"),
      phone: cell("phone"),
      relationship: cell("relationship"),
    });
  });
  return { rows, skipped };
}
