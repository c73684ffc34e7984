import { normaliseHeader, type Columns } from "./contact-columns";
import { numericDateParts, type DateOrder } from "./read-file-date";

/**
 * What a file's own numeric dates say about their order: a first number above 12 (25/12/1980)
 * is a day, a second one above 12 (12/25/1980) too. "mixed" when the file has both, undefined
 * when none of its dates tells.
 */
export function fileDateOrder(values: Iterable<string | undefined>): DateOrder | "mixed" | undefined {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const parts = value ? numericDateParts(value) : null;
    if (!parts) continue;
    if (parts.first > 12 && parts.second <= 12) dayFirst = true;
    if (parts.second > 12 && parts.first <= 12) monthFirst = true;
  }
  if (dayFirst && monthFirst) return "mixed";
  return dayFirst ? "dmy" : monthFirst ? "mdy" : undefined;
}

/** Where the user is and speaks: their phone's (or zone's) country, and their language. */
export interface UserDateContext {
  region?: string;
  locale: string;
}

/**
 * The order the user's own locale writes numeric dates in: the country's main language in that
 * country (es-ES 25/12/1980, en-US 12/25/1980, en-GB 25/12/1980), else the user's language alone.
 * A year-first locale (en-CA 1980-12-25) counts by its month and day: month first.
 */
export function userDateOrder({ region, locale }: UserDateContext): DateOrder {
  let tag = locale;
  try {
    if (region) tag = `${new Intl.Locale(`und-${region}`).maximize().language}-${region}`;
    const parts = new Intl.DateTimeFormat(tag, { timeZone: "UTC" })
      .formatToParts(new Date(Date.UTC(2000, 11, 31)))
      .map((part) => part.type);
    return parts.indexOf("day") < parts.indexOf("month") ? "dmy" : "mdy";
  } catch {
    return "dmy";
  }
}

/** Date columns named in French or Spanish: their numeric dates are day first (25/12/1980). */
const DAY_FIRST_DATE_HEADERS = new Set([
  "anniversaire",
  "date de naissance",
  "anniversaire de mariage",
  "cumpleanos",
  "fecha de nacimiento",
  "aniversario",
]);

/** "dmy" when the file's date columns are named in French or Spanish, else undefined. */
export function headerDateOrder(header: string[], columns: Columns): "dmy" | undefined {
  const dated = [...(columns.birthday ?? []), ...(columns.anniversary ?? [])];
  return dated.some((at) => DAY_FIRST_DATE_HEADERS.has(normaliseHeader(header[at] ?? "")))
    ? "dmy"
    : undefined;
}
