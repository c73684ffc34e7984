import "server-only";
import { daysInMonth, isoWeekdayIndex } from "@/lib/recurrence/civil-date";
import { exactZoneOffsetMs as zoneOffsetMs } from "@/lib/recurrence/time-zone";

/** One observance of a VTIMEZONE (RFC 5545 section 3.6.5): an offset and when it starts. */
export interface Observance {
  kind: "STANDARD" | "DAYLIGHT";
  /** Its first onset, a wall time in the offset before it: "20260329T020000". */
  start: string;
  /** Offsets in ms, local minus UTC, before and from the onset. */
  offsetFrom: number;
  offsetTo: number;
  /** A yearly rule for the later onsets (without "RRULE:"), or null. */
  rule: string | null;
  /** Later onsets no rule says, as `start`. */
  dates: string[];
}

/**
 * How many years the zone is read for: a whole cycle of the Gregorian weekdays (28 years in a
 * century without a skipped leap day), so that a rule's every possible day is seen at least once.
 */
export const OBSERVED_YEARS = 28;
const WEEK_MS = 7 * 86_400_000;
const ICS_DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

interface Transition {
  /** The instant of the change. */
  at: number;
  from: number;
  to: number;
}

/** The instant of the change between `low` (offset `before`) and `high`, to the second. */
function changeBetween(zone: string, low: number, high: number, before: number): number {
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (zoneOffsetMs(zone, middle) === before) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * Every offset change from `from` to `to`, read from Intl a week at a time (no zone changes twice
 * within a week in the tz database's current rules), each found to the second.
 */
function transitions(zone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let at = from;
  let offset = zoneOffsetMs(zone, at);
  while (at < to) {
    const next = Math.min(at + WEEK_MS, to);
    const nextOffset = zoneOffsetMs(zone, next);
    if (nextOffset !== offset) {
      const change = changeBetween(zone, at, next, offset);
      found.push({ at: change, from: offset, to: zoneOffsetMs(zone, change) });
      at = change;
      offset = zoneOffsetMs(zone, change);
    } else at = next;
  }
  return found;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The wall time of an instant at a fixed offset, as the fields of a UTC date. */
const wallAt = (at: number, offset: number) => new Date(at + offset);
const icsWall = (wall: Date) =>
  `${pad(wall.getUTCFullYear(), 4)}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}T` +
  `${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}${pad(wall.getUTCSeconds())}`;
const icsUtc = (at: number) => `${icsWall(new Date(at))}Z`;

/** What makes onsets one yearly rule: the same change, in the same month, weekday and wall time. */
function ruleKey(t: Transition): string {
  const wall = wallAt(t.at, t.from);
  const date = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
  return `${t.from}|${t.to}|${date.month}|${isoWeekdayIndex(date)}|${icsWall(wall).slice(9)}`;
}

/**
 * The BYDAY part (and BYMONTHDAY window) that puts each onset of a run on its day: the last
 * weekday of the month, the nth, or the weekday within seven days from a day of the month (RFC
 * 5545's way of saying "the Sunday on or after the 8th"); null when none holds for all.
 */
function dayRule(run: Transition[]): string | null {
  const dates = run.map((t) => {
    const wall = wallAt(t.at, t.from);
    return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
  });
  const weekday = ICS_DAYS[isoWeekdayIndex(dates[0])];
  if (dates.every((d) => d.day + 7 > daysInMonth(d.year, d.month))) return `BYDAY=-1${weekday}`;
  const nth = Math.ceil(dates[0].day / 7);
  if (nth <= 4 && dates.every((d) => Math.ceil(d.day / 7) === nth)) return `BYDAY=${nth}${weekday}`;
  const first = Math.min(...dates.map((d) => d.day));
  if (Math.max(...dates.map((d) => d.day)) - first > 6) return null;
  const window = Array.from({ length: 7 }, (_, i) => first + i).filter((day) => day <= 31);
  return `BYMONTHDAY=${window.join(",")};BYDAY=${weekday}`;
}

/** Consecutive years' onsets of one rule, split where a year is missing. */
function runsOf(sameRule: Transition[]): Transition[][] {
  const runs: Transition[][] = [];
  for (const t of sameRule) {
    const last = runs.at(-1)?.at(-1);
    const year = (x: Transition) => wallAt(x.at, x.from).getUTCFullYear();
    if (last && year(t) === year(last) + 1) runs.at(-1)!.push(t);
    else runs.push([t]);
  }
  return runs;
}

const memo = new Map<string, Observance[]>();

/**
 * The observances of `zone` from the start of `fromYear` on, read from the runtime's time-zone
 * database (Intl) over OBSERVED_YEARS: each yearly change as a yearly rule (ongoing when it still
 * happens in the last years read, else with its UNTIL), changes no yearly rule says as single
 * onsets, and the offset in force at the start. A zone that never changes is one observance.
 * A calendar client reads the last rules on past the years read, as the tz database does.
 */
export function zoneObservances(zone: string, fromYear: number): Observance[] {
  const key = `${zone}|${fromYear}`;
  const known = memo.get(key);
  if (known) return known;
  const start = Date.UTC(fromYear, 0, 1) - 86_400_000;
  const end = Date.UTC(fromYear + OBSERVED_YEARS, 0, 1);
  const changes = transitions(zone, start, end);
  const initial = zoneOffsetMs(zone, start);
  const lowest = Math.min(initial, ...changes.map((t) => t.to));
  const lastYear = fromYear + OBSERVED_YEARS - 1;

  const observances: Observance[] = [
    {
      kind: initial > lowest ? "DAYLIGHT" : "STANDARD",
      start: icsWall(wallAt(start, initial)),
      offsetFrom: initial,
      offsetTo: initial,
      rule: null,
      dates: [],
    },
  ];
  const byRule = new Map<string, Transition[]>();
  for (const t of changes) byRule.set(ruleKey(t), [...(byRule.get(ruleKey(t)) ?? []), t]);
  const single: Transition[] = [];
  for (const run of [...byRule.values()].flatMap(runsOf)) {
    const rule = run.length > 1 ? dayRule(run) : null;
    if (!rule) {
      single.push(...run);
      continue;
    }
    const first = run[0];
    const last = run.at(-1)!;
    const month = wallAt(first.at, first.from).getUTCMonth() + 1;
    const ongoing = wallAt(last.at, last.from).getUTCFullYear() >= lastYear - 1;
    observances.push({
      kind: first.to > first.from ? "DAYLIGHT" : "STANDARD",
      start: icsWall(wallAt(first.at, first.from)),
      offsetFrom: first.from,
      offsetTo: first.to,
      rule: `FREQ=YEARLY;BYMONTH=${month};${rule}${ongoing ? "" : `;UNTIL=${icsUtc(last.at)}`}`,
      dates: [],
    });
  }
  // Changes no yearly rule says: one observance per change of offsets, its onsets listed.
  const singles = new Map<string, Transition[]>();
  for (const t of single) singles.set(`${t.from}|${t.to}`, [...(singles.get(`${t.from}|${t.to}`) ?? []), t]);
  for (const list of singles.values()) {
    const [first, ...rest] = list;
    observances.push({
      kind: first.to > first.from ? "DAYLIGHT" : "STANDARD",
      start: icsWall(wallAt(first.at, first.from)),
      offsetFrom: first.from,
      offsetTo: first.to,
      rule: null,
      dates: rest.map((t) => icsWall(wallAt(t.at, t.from))),
    });
  }
  if (memo.size > 2000) memo.clear();
  memo.set(key, observances);
  return observances;
}
