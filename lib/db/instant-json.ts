import "server-only";
// PostgreSQL's text for a timestamptz in a UTC session with 4-digit years (DateStyle ISO):
// "2026-11-23 23:07:45.588123+00", the fraction trimmed of trailing zeros or absent.
const UTC_TEXT = /^[1-9]\d{3}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * `new Date(text).toJSON()` for PostgreSQL's text of a timestamptz (what serialising the Date
 * Drizzle reads from that text writes: milliseconds truncated, `Z`), or null for none. The common
 * form is rewritten as a string, which is about ten times cheaper than parsing it into a Date;
 * any other form (another session zone, a year before 1000 or after 9999) takes the Date.
 */
export function instantJson(text: string | null): string | null {
  if (!text) return null;
  if (!UTC_TEXT.test(text)) return new Date(text).toJSON();
  const fraction = text.length > 22 ? text.slice(20, -3) : "";
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${(fraction + "000").slice(0, 3)}Z`;
}
