// Zone maths on top of Intl.DateTimeFormat (the runtime's IANA database). Hand-rolled rather
// than @date-fns/tz's tzOffset because that one mis-signs offsets between -01:00 and 00:00
// (e.g. Africa/Monrovia's -00:44:30 until 1972) and we need exact control over DST gaps
// and overlaps.

import {
  MS_PER_DAY,
  MS_PER_MINUTE,
  dayNumber,
  fromDayNumber,
  parseCivilDateTime,
  type CivilDateTime,
} from "./civil-date";

/** The largest |ms| a JavaScript Date can hold. */
const MAX_INSTANT = 8.64e15;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws RangeError for an unknown zone.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws RangeError unless `timeZone` is an IANA zone the runtime knows. */
export function assertTimeZone(timeZone: string): void {
  if (typeof timeZone !== "string" || timeZone === "") throw new RangeError("A time zone is required");
  formatterFor(timeZone);
}

function isRepresentable(ms: number): boolean {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_INSTANT;
}

/** UTC offset in ms (local minus UTC) of `timeZone` at the instant `ms`, read from Intl. */
export function exactZoneOffsetMs(timeZone: string, ms: number): number {
  if (!isRepresentable(ms)) return Number.NaN;
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  const year = fields.era === "BC" || fields.era === "B" ? 1 - yearOfEra : yearOfEra;
  const localAsUtc =
    dayNumber({ year, month: Number(fields.month), day: Number(fields.day) }) * MS_PER_DAY +
    (Number(fields.hour) % 24) * 3_600_000 +
    Number(fields.minute) * MS_PER_MINUTE +
    Number(fields.second) * 1000;
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return localAsUtc - wholeSecond;
}

const MS_PER_HOUR = 3_600_000;
const OFFSET_CACHE_LIMIT = 20_000;
/** `zone|hour` → the offset for that whole UTC hour, or null when an offset change falls inside it. */
const hourOffsets = new Map<string, number | null>();

/**
 * UTC offset in ms (local minus UTC) of `timeZone` at the instant `ms`.
 * formatToParts is the costliest call on the reminder list and in the engine (a CPU profile
 * put a quarter of GET /api/reminders in it), so offsets are kept per UTC hour: an hour whose
 * first and last second share an offset holds no change (no zone changes twice within an
 * hour); an hour with a change inside is always read exactly.
 */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  if (!isRepresentable(ms)) return Number.NaN;
  const hour = Math.floor(ms / MS_PER_HOUR);
  const key = `${timeZone}|${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const start = exactZoneOffsetMs(timeZone, hour * MS_PER_HOUR);
    const end = exactZoneOffsetMs(timeZone, hour * MS_PER_HOUR + MS_PER_HOUR - 1000);
    offset = start === end ? start : null; // NaN never equals itself
    if (hourOffsets.size >= OFFSET_CACHE_LIMIT) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return offset ?? exactZoneOffsetMs(timeZone, ms);
}

/** The wall-clock date and time (to the minute) of the instant `ms` in `timeZone`. */
export function utcToLocal(ms: number, timeZone: string): CivilDateTime {
  const local = ms + zoneOffsetMs(timeZone, ms);
  const days = Math.floor(local / MS_PER_DAY);
  const minuteOfDay = Math.floor((local - days * MS_PER_DAY) / MS_PER_MINUTE);
  return { ...fromDayNumber(days), hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 };
}

/**
 * The UTC instant (ms) of a wall-clock time in `timeZone`, NaN when out of Date's range.
 * - A wall time that happens twice (clocks turned back) resolves to the FIRST, earlier instant.
 * - A wall time that never happens (clocks turned forward) moves forward by the gap:
 *   02:30 on a spring-forward night in America/New_York is 03:30 EDT (07:30Z).
 * Assumes at most one offset change within a day either side, true of every real zone
 * apart from a few historical one-offs.
 */
export function wallTimeToUtcMs(wall: CivilDateTime, timeZone: string): number {
  const wallAsUtc = dayNumber(wall) * MS_PER_DAY + (wall.hour * 60 + wall.minute) * MS_PER_MINUTE;
  const offsetBefore = zoneOffsetMs(timeZone, wallAsUtc - MS_PER_DAY);
  const offsetAfter = zoneOffsetMs(timeZone, wallAsUtc + MS_PER_DAY);
  if (Number.isNaN(offsetBefore) || Number.isNaN(offsetAfter)) return Number.NaN;
  const valid = [wallAsUtc - offsetBefore, wallAsUtc - offsetAfter].filter(
    (candidate) => zoneOffsetMs(timeZone, candidate) === wallAsUtc - candidate,
  );
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: read the wall time with the offset in force before the change, which lands
  // the instant exactly `gap` later on the clock after the change.
  const shifted = wallAsUtc - offsetBefore;
  return isRepresentable(shifted) ? shifted : Number.NaN;
}

/**
 * 'YYYY-MM-DDTHH:MM' wall time in `timeZone` → the UTC instant, with the DST rules of
 * `wallTimeToUtcMs`. Throws RangeError for a malformed value or an unknown zone.
 */
export function localToUtc(localDateTime: string, timeZone: string): Date {
  assertTimeZone(timeZone);
  return new Date(wallTimeToUtcMs(parseCivilDateTime(localDateTime), timeZone));
}
