import { addDays, clampedDate, type CivilDate } from "./civil-date";

/** The most days a lead reminder may come before its date (the database allows 1-60). */
export const MAX_LEAD_DAYS = 60;

/**
 * The local day a yearly date falls on in `year`, moved `leadDays` local days earlier. The
 * yearly date's own rule applies first (29 February is 28 February in common years), then whole
 * calendar days are counted back, across month and year ends: 7 days before 1 March is
 * 22 February, or 23 February in a leap year; 3 days before 2 January is 30 December of the
 * year before. Pure: a lead reminder's occurrences are those of its yearly date, this many days
 * earlier at its own time (a DST change in between does not move that wall time).
 */
export function leadDate(year: number, month: number, dayOfMonth: number, leadDays = 0): CivilDate {
  return addDays(clampedDate(year, month, dayOfMonth), -leadDays);
}
