import "server-only";
import { addDays, dayNumber, MS_PER_DAY, MS_PER_MINUTE, parseTime, type CivilDate } from "@/lib/recurrence/civil-date";
import { utcToLocal, wallTimeToUtcMs, zoneOffsetMs } from "@/lib/recurrence/time-zone";
import { DEFAULT_TIME, type Schedule } from "@/lib/recurrence";

export interface ClockChangeOccurrence {
  /** The occurrence's wall time as the rule names it: "20260308T023000". */
  ruleWall: string;
  /** When the engine sends it. */
  at: Date;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** How many instants carry this wall time in `zone`: 0 in a gap, 2 in a repeated hour, else 1. */
function instantsOf(day: CivilDate, hour: number, minute: number, zone: string): number {
  const wallAsUtc = dayNumber(day) * MS_PER_DAY + (hour * 60 + minute) * MS_PER_MINUTE;
  const offsets = new Set([zoneOffsetMs(zone, wallAsUtc - MS_PER_DAY), zoneOffsetMs(zone, wallAsUtc + MS_PER_DAY)]);
  return [...offsets].filter((offset) => zoneOffsetMs(zone, wallAsUtc - offset) === offset).length;
}

/**
 * The occurrences whose wall time the clocks skip or repeat that day. RFC 5545 (section 3.3.5)
 * reads a skipped time with the offset before the gap and a repeated one as the first, as the
 * engine sends them, yet calendar parsers differ there (ical.js reads a skipped 02:30 as 01:30
 * standard time, python's icalendar a repeated 01:30 as the second): the feed names these
 * instants outright.
 */
export function clockChangeOccurrences(schedule: Schedule, occurrences: Date[]): ClockChangeOccurrence[] {
  const { hour, minute } = parseTime(schedule.time ?? DEFAULT_TIME);
  const zone = schedule.timezone;
  const found: ClockChangeOccurrence[] = [];
  for (const at of occurrences) {
    const local = utcToLocal(at.getTime(), zone);
    // The rule's day: the occurrence's own, or the day before when a gap pushed it past midnight.
    const day = [local, addDays(local, -1)].find(
      (d) => wallTimeToUtcMs({ ...d, hour, minute }, zone) === at.getTime(),
    );
    if (!day || instantsOf(day, hour, minute, zone) === 1) continue;
    found.push({
      ruleWall: `${pad(day.year, 4)}${pad(day.month)}${pad(day.day)}T${pad(hour)}${pad(minute)}00`,
      at,
    });
  }
  return found;
}
