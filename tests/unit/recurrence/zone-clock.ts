// Wall clocks read straight from Intl, apart from lib/recurrence's own zone code, so that a test
// comparing the engine with another implementation does not check the engine against itself.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall clock of the instant `ms` in `zone`, as a "floating" UTC millisecond count (to the minute). */
export function wallOf(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute);
}

const offsetAt = (ms: number, zone: string) => wallOf(ms, zone) - Math.floor(ms / 60_000) * 60_000;

/**
 * The instant RFC 5545 (section 3.3.5) gives a wall time in a zone: the first one when it happens
 * twice, and, when it never happens, the wall time read with the offset in force before the gap.
 * `wall` is a floating UTC millisecond count.
 */
export function rfcInstant(wall: number, zone: string): number {
  const before = offsetAt(wall - 36 * 3_600_000, zone);
  const after = offsetAt(wall + 36 * 3_600_000, zone);
  const valid = [wall - before, wall - after].filter((instant) => wallOf(instant, zone) === wall);
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** "20260407T190000" of a floating wall time. */
export function icsWall(wall: number): string {
  const d = new Date(wall);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
}
