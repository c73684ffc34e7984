import type { ImportRow } from "@/lib/validations/contact-import";
import { fileDateOrder, userDateOrder, type UserDateContext } from "./date-order";
import { leftOut, type LeftOutDetail } from "./left-out";
import { isoOfFileDate, readFileDate, type DateOrder } from "./read-file-date";

export interface RowDatesOptions {
  /** The order the file's headers imply (dates named in French or Spanish are day first). */
  headerOrder?: DateOrder;
  /** The importing user: their locale's order when the file does not tell. */
  user?: UserDateContext;
}

/**
 * A file's birthdays and anniversaries as the import sends them (`1986-03-14`, `--03-14`).
 * Numeric dates are read in the file's own order (what its unambiguous dates show), else its
 * headers', else the user's. A placeholder (Outlook's 0/0/00) is no date. A date that cannot be
 * read is left out of its row and reported, the contact is not: so is a day-and-month pair of a
 * file that writes dates both ways. Without any order to go by, an ambiguous value is sent as it
 * is, and the server reads it in the user's order.
 */
export function readRowDates(rows: ImportRow[], options: RowDatesOptions = {}) {
  const evidence = fileDateOrder(rows.flatMap((row) => [row.birthday, row.anniversary]));
  const order =
    evidence === "mixed"
      ? undefined
      : (evidence ?? options.headerOrder ?? (options.user ? userDateOrder(options.user) : undefined));
  const left: LeftOutDetail[] = [];
  const read = rows.map((row, index) => {
    const next = { ...row };
    for (const field of ["birthday", "anniversary"] as const) {
      const raw = row[field];
      if (raw === undefined) continue;
      const reading = readFileDate(raw, order);
      if (reading.kind === "date") next[field] = isoOfFileDate(reading.date);
      else if (reading.kind === "ambiguous" && evidence !== "mixed") continue;
      else {
        delete next[field];
        if (reading.kind !== "none") {
          const code = reading.kind === "ambiguous" ? "ambiguous_date" : "unreadable_date";
          left.push(leftOut(row.line ?? index + 1, field, raw, code));
        }
      }
    }
    return next;
  });
  return { rows: read, leftOut: left };
}
