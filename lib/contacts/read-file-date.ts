import { maxDayOf } from "@/lib/validations/contact-date";
import { parseYearlyDate } from "@/lib/validations/contact-import";

/** Which of a numeric date's first two numbers is the day: 25/12/1980 (dmy) or 12/25/1980 (mdy). */
export type DateOrder = "dmy" | "mdy";

export interface FileDate {
  month: number;
  day: number;
  year: number | null;
}

export type FileDateReading =
  | { kind: "date"; date: FileDate }
  /** Empty, or a vendor's "no date" placeholder (Outlook's 0/0/00). */
  | { kind: "none" }
  /** Day and month that only an order can tell apart (3/4/1986), and none was given. */
  | { kind: "ambiguous" }
  | { kind: "unreadable" };

// d/m/y or m/d/y, with "/" or "." and an optional year; with "-" only when a year follows, since
// "MM-DD" alone is the documented month-first form without a year.
const NUMERIC = /^(\d{1,2})([/.])(\d{1,2})(?:\2(\d{2}|\d{4}))?\.?$|^(\d{1,2})(-)(\d{1,2})-(\d{2}|\d{4})$/;
// Outlook writes 0/0/00 for an empty date, and its "None" date is 1 January 4501.
const ZEROS = /^[\s0/.-]*$/;
const OUTLOOK_NONE = /(^|\D)4501$/;

/** A two-digit year is the most recent one not after this year: these are birthdays and anniversaries. */
function fullYear(text: string, now: Date): number {
  if (text.length === 4) return Number(text);
  const yy = Number(text);
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  return century + yy > now.getUTCFullYear() ? century - 100 + yy : century + yy;
}

function checked(month: number, day: number, year: number | null): FileDateReading {
  if (month < 1 || month > 12 || day < 1 || day > maxDayOf(month, year)) return { kind: "unreadable" };
  if (year !== null && (year < 1900 || year > 2100)) return { kind: "unreadable" };
  return { kind: "date", date: { month, day, year } };
}

/** The two numbers of a numeric date, or null when it is not one (ISO forms are not). */
export function numericDateParts(raw: string): { first: number; second: number } | null {
  const match = NUMERIC.exec(raw.trim());
  if (!match) return null;
  return { first: Number(match[1] ?? match[5]), second: Number(match[3] ?? match[7]) };
}

/**
 * A birthday or anniversary as a contacts file writes it: the ISO forms of vCard and Google
 * (`1986-03-14`, `19860314`, `--03-14`, `03-14`), and numeric dates with "/", "." or "-"
 * (`3/14/1986`, `14/03/86`, `14.03.1986`, `14-03-1986`) read in `order` when both numbers could be
 * the day; a number above 12 settles it alone. Empty, all zeros or Outlook's 4501 is no date.
 */
export function readFileDate(raw: string | undefined, order?: DateOrder, now = new Date()): FileDateReading {
  const value = (raw ?? "").trim();
  if (ZEROS.test(value) || OUTLOOK_NONE.test(value)) return { kind: "none" };
  const iso = parseYearlyDate(value);
  if (iso) return { kind: "date", date: iso };
  const match = NUMERIC.exec(value);
  if (!match) return { kind: "unreadable" };
  const first = Number(match[1] ?? match[5]);
  const second = Number(match[3] ?? match[7]);
  const yearText = match[4] ?? match[8];
  const year = yearText ? fullYear(yearText, now) : null;
  const dayFirst = first > 12 ? true : second > 12 ? false : first === second ? true : undefined;
  const reading = dayFirst ?? (order ? order === "dmy" : undefined);
  if (reading === undefined) return { kind: "ambiguous" };
  return reading ? checked(second, first, year) : checked(first, second, year);
}

/** A read date as the import sends it: `1986-03-14`, or `--03-14` without a year. */
export function isoOfFileDate({ month, day, year }: FileDate): string {
  const mmdd = `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return year === null ? `--${mmdd}` : `${year}-${mmdd}`;
}
