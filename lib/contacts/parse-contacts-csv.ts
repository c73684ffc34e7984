import Papa from "papaparse";
import type { ImportRow } from "@/lib/validations/contact-import";
import { hasNameColumn, matchColumns, readRow } from "./contact-columns";
import { headerDateOrder, type UserDateContext } from "./date-order";
import { csvFileColumns, type FileColumn } from "./file-columns";
import { languageOf } from "./language-of";
import type { LeftOutDetail } from "./left-out";
import { readRowDates } from "./read-row-dates";

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
  /** Details of imported rows that could not be read (a date), left out of their row. */
  leftOut: LeftOutDetail[];
  /** The file's columns (a vCard's properties), each with the field it gives or none. */
  columns: FileColumn[];
}

/**
 * Reads a contacts CSV with a real CSV parser: quoted fields with commas
 * or line breaks, CRLF, a byte-order mark, blank lines and Excel's ";" separator are all
 * handled. Columns are found by contactColumns: the exports of Google Contacts and Outlook,
 * French and Spanish headers; first, middle and last names are joined into the name. Dates are
 * read by readRowDates (numeric dates the file leaves open in `user`'s order), a country
 * column is passed on for the phone, and a Group column's names (";" or "," between them) too.
 */
export function parseContactsCsv(text: string, user?: UserDateContext): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const table = result.data;
  if (table.length < 2) throw new CsvFormatError(CSV_TOO_SHORT);
  const columns = matchColumns(table[0]);
  if (!hasNameColumn(columns)) throw new CsvFormatError(CSV_NO_NAME);
  if (!columns.email && !columns.phone) throw new CsvFormatError(CSV_NO_EMAIL_OR_PHONE);

  const rows: ImportRow[] = [];
  const skipped: ParsedCsv["skipped"] = [];
  table.slice(1).forEach((cells, index) => {
    const line = index + 2;
    if (cells.length < 2) {
      skipped.push({ line, reason: ROW_TOO_SHORT });
      return;
    }
    const values = readRow(columns, cells);
    rows.push(withoutEmpty({ line, ...values, locale: languageOf(values.locale) }));
  });
  const dated = readRowDates(rows, { headerOrder: headerDateOrder(table[0], columns), user });
  return { rows: dated.rows, skipped, leftOut: dated.leftOut, columns: csvFileColumns(table[0], columns) };
}

/** Drops absent fields, so a row is sent as the fields it has. */
export function withoutEmpty(row: ImportRow): ImportRow {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as ImportRow;
}
