import { WEEKDAYS } from "@/db/schema/enums";
import { addDays, compareCivilDates, parseCivilDate, parseTime, type CivilDate } from "./civil-date";
import { leadDate } from "./lead-offset";
import { nextOccurrence } from "./occurrences";
import { utcToLocal, wallTimeToUtcMs } from "./time-zone";
import { DEFAULT_TIME, type Schedule } from "./types";
import { assertValidSchedule } from "./validate-schedule";

/** The two content lines of a recurring VEVENT (RFC 5545 sections 3.8.2.4 and 3.8.5.3). */
export interface RecurrenceLines {
  /** "DTSTART;TZID=Europe/Paris:20260407T190000" ("DTSTART:20260407T190000Z" in UTC). */
  dtstart: string;
  /** "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=MO". */
  rrule: string;
}

const ICS_DAYS: Record<(typeof WEEKDAYS)[number], string> = {
  Mon: "MO",
  Tue: "TU",
  Wed: "WE",
  Thu: "TH",
  Fri: "FR",
  Sat: "SA",
  Sun: "SU",
};

const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const icsDate = (date: CivilDate) => `${pad(date.year, 4)}${pad(date.month)}${pad(date.day)}`;
const icsUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The fewest and the most days a month ever has: BYMONTHDAY above the fewest needs a month-end form. */
const shortestMonth = (month: number) => (month === 2 ? 28 : [4, 6, 9, 11].includes(month) ? 30 : 31);
const longestMonth = (month: number) => (month === 2 ? 29 : shortestMonth(month));

/**
 * A day of the month as RFC 5545 reads it, keeping the engine's rule that a day the month lacks
 * is its last day. BYMONTHDAY=31 alone skips the months without a 31st (section 3.3.10: invalid
 * dates are ignored). A day at or above the longest such month is its last day every time:
 * BYMONTHDAY=-1 (the 31st of every month, 29 February every year), which every client reads. A
 * day between the shortest and the longest (the 29th or 30th of every month) lists every day
 * from the 28th to it and keeps the last that exists: BYMONTHDAY=28,29,30;BYSETPOS=-1.
 */
function monthDayParts(day: number, shortest: number, longest: number): string[] {
  if (day <= shortest) return [`BYMONTHDAY=${day}`];
  if (day >= longest) return ["BYMONTHDAY=-1"];
  const days = Array.from({ length: day - 27 }, (_, i) => 28 + i);
  return [`BYMONTHDAY=${days.join(",")}`, "BYSETPOS=-1"];
}

/**
 * A lead reminder's month and day when they are the same every year (then it is a yearly rule
 * of its own), or the last day of February in every year; null when the leap day moves it (7
 * days before 1 March is 22 February, 23 in a leap year), which no RRULE says.
 */
function leadParts(month: number, day: number, lead: number): string[] | null {
  const leap = leadDate(2000, month, day, lead);
  const common = leadDate(2001, month, day, lead);
  if (leap.month === common.month && leap.day === common.day) {
    return [
      `BYMONTH=${leap.month}`,
      ...monthDayParts(leap.day, shortestMonth(leap.month), longestMonth(leap.month)),
    ];
  }
  const lastOfFebruary = leap.month === 2 && leap.day === 29 && common.month === 2 && common.day === 28;
  return lastOfFebruary ? ["BYMONTH=2", "BYMONTHDAY=-1"] : null;
}

/** The BY* parts of the rule, or null when no RRULE says it exactly. */
function byParts(schedule: Schedule): string[] | null {
  const nth = schedule.nthWeekday;
  const nthDay = nth !== undefined && schedule.days?.[0] ? `BYDAY=${nth}${ICS_DAYS[schedule.days[0]]}` : null;
  switch (schedule.frequency) {
    case "weekly": {
      const days = WEEKDAYS.filter((day) => schedule.days?.includes(day)).map((day) => ICS_DAYS[day]);
      // Weeks run Monday to Sunday, as the engine counts them (WKST matters only above 1).
      return [`BYDAY=${days.join(",")}`, ...((schedule.interval ?? 1) > 1 ? ["WKST=MO"] : [])];
    }
    case "monthly":
      return nthDay ? [nthDay] : monthDayParts(schedule.dayOfMonth ?? 1, 28, 31);
    case "yearly": {
      const month = schedule.month ?? 1;
      if (nthDay) return [`BYMONTH=${month}`, nthDay];
      if (schedule.leadDays) return leadParts(month, schedule.dayOfMonth ?? 1, schedule.leadDays);
      const day = schedule.dayOfMonth ?? 1;
      return [`BYMONTH=${month}`, ...monthDayParts(day, shortestMonth(month), longestMonth(month))];
    }
    default:
      return [];
  }
}

/**
 * The local day the rule put an occurrence on: its wall time is the rule's time that day, or
 * the day before when a DST gap pushed that time past midnight. Null when `at` is no occurrence.
 */
function ruleDay(schedule: Schedule, at: Date): CivilDate | null {
  const { hour, minute } = parseTime(schedule.time ?? DEFAULT_TIME);
  const local = utcToLocal(at.getTime(), schedule.timezone);
  return (
    [local, addDays(local, -1)].find(
      (day) => wallTimeToUtcMs({ ...day, hour, minute }, schedule.timezone) === at.getTime(),
    ) ?? null
  );
}

/**
 * A recurring schedule as an RFC 5545 rule that calendar clients expand to the engine's own
 * occurrences, listed from `first`, one of its occurrences (the first, or the next one still to
 * come), of which `occurrencesBefore` were already delivered ('after N' leaves N minus those:
 * COUNT). DTSTART is the wall time in the schedule's zone; a time the clocks skip or repeat reads
 * as the engine sends it (section 3.3.5: a skipped local time takes the offset before the gap, a
 * repeated one is the first). UNTIL is the UTC instant of the end day's occurrence (the whole
 * local day included). Null for a one-time schedule, one with nothing left to list, and a lead
 * reminder whose day moves with leap years. Throws RangeError for an invalid schedule or a
 * `first` that is not one of its occurrences.
 */
export function scheduleRrule(
  schedule: Schedule,
  first: Date,
  occurrencesBefore = 0,
): RecurrenceLines | null {
  assertValidSchedule(schedule);
  if (schedule.scheduleType !== "recurring") return null;
  const endless: Schedule = { ...schedule, endCondition: "never" };
  const day = ruleDay(schedule, first);
  if (day === null || nextOccurrence(endless, new Date(first.getTime() - 1))?.getTime() !== first.getTime()) {
    throw new RangeError(`${first.toISOString()} is not an occurrence of the schedule`);
  }
  const by = byParts(schedule);
  if (by === null) return null;

  const { hour, minute } = parseTime(schedule.time ?? DEFAULT_TIME);
  const parts = [`FREQ=${schedule.frequency?.toUpperCase()}`];
  if ((schedule.interval ?? 1) > 1) parts.push(`INTERVAL=${schedule.interval}`);
  parts.push(...by);
  if (schedule.endCondition === "after") {
    const count = (schedule.endAfterCount ?? 0) - occurrencesBefore;
    if (count <= 0) return null;
    parts.push(`COUNT=${count}`);
  } else if (schedule.endCondition === "by" && schedule.endByDate) {
    const end = parseCivilDate(schedule.endByDate);
    if (compareCivilDates(day, end) > 0) return null;
    parts.push(`UNTIL=${icsUtc(wallTimeToUtcMs({ ...end, hour, minute }, schedule.timezone))}`);
  }

  const wall = `${icsDate(day)}T${pad(hour)}${pad(minute)}00`;
  const dtstart =
    schedule.timezone === "UTC" ? `DTSTART:${wall}Z` : `DTSTART;TZID=${schedule.timezone}:${wall}`;
  return { dtstart, rrule: `RRULE:${parts.join(";")}` };
}
