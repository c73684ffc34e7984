import { EMAIL_OR_PHONE_MESSAGE, NAME_REQUIRED_MESSAGE } from "@/lib/validations/contact";
import { groupNameTooLongMessage, tooLongGroupName, type ImportRow } from "@/lib/validations/contact-import";
import type { UserDateContext } from "./date-order";
import { IMPORT_FIELDS, type ImportField } from "./file-columns";
import type { LeftOutDetail } from "./left-out";
import { CsvFormatError, type ParsedCsv } from "./parse-contacts-csv";
import { parseContactsFile } from "./parse-contacts-file";

/** A row naming a group longer than a group's name may be: the whole file is refused, as the server would. */
export class GroupNameTooLongError extends CsvFormatError {
  constructor(
    readonly line: number,
    readonly groupName: string,
  ) {
    super(groupNameTooLongMessage(line, groupName));
  }
}

/** A chosen file as the import dialog shows it before anything is sent, and what it then sends. */
export interface ImportPreview {
  /** The rows the import sends, in file order. */
  rows: ImportRow[];
  /** Rows left out before sending, with the reason (English, as the server would answer it). */
  skipped: ParsedCsv["skipped"];
  /** Details of the sent rows that could not be read. */
  leftOut: LeftOutDetail[];
  /** The fields the file gives, in IMPORT_FIELDS order, each with the columns it comes from. */
  understood: { field: ImportField; labels: string[] }[];
  /** The columns nothing is read from. */
  ignored: string[];
}

/**
 * Reads a chosen file with the import's one parser (parseContactsFile) and sorts its rows: a
 * row without a name, or with neither e-mail nor phone, is left out with the contact schema's
 * own reason (the server would refuse it the same way); the others are what the import sends.
 * A group name too long for a group refuses the file (GroupNameTooLongError).
 */
export function previewContactsFile(
  fileName: string,
  bytes: Uint8Array,
  user?: UserDateContext,
): ImportPreview {
  const parsed = parseContactsFile(fileName, bytes, user);
  const rows: ImportRow[] = [];
  const skipped = [...parsed.skipped];
  parsed.rows.forEach((row, index) => {
    const line = row.line ?? index + 1;
    if (!row.name?.trim()) skipped.push({ line, reason: NAME_REQUIRED_MESSAGE });
    else if (!row.email?.trim() && !row.phone?.trim()) skipped.push({ line, reason: EMAIL_OR_PHONE_MESSAGE });
    else {
      const name = tooLongGroupName(row);
      if (name !== undefined) throw new GroupNameTooLongError(line, name);
      rows.push(row);
    }
  });
  const sent = new Set(rows.map((row) => row.line));
  return {
    rows,
    skipped: skipped.sort((a, b) => a.line - b.line),
    leftOut: parsed.leftOut.filter((detail) => sent.has(detail.line)),
    understood: IMPORT_FIELDS.flatMap((field) => {
      const labels = parsed.columns.filter((c) => c.field === field).map((c) => c.label);
      return labels.length > 0 ? [{ field, labels }] : [];
    }),
    ignored: parsed.columns.filter((c) => c.field === null).map((c) => c.label),
  };
}
