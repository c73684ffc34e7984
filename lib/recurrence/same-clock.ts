import { exactZoneOffsetMs } from "./time-zone";

const MS_PER_DAY = 86_400_000;

/**
 * Whether two zones keep the same clock for the year from `from`: the same UTC offset at every
 * day's instant (Europe/Madrid and Europe/Paris do; Europe/London and Europe/Lisbon do;
 * America/New_York and America/Toronto do, Europe/Madrid and Europe/London do not). Daily
 * samples catch DST rules that change weeks apart (Europe and North America). A zone the
 * runtime does not know keeps no clock.
 */
export function sameClock(a: string, b: string, from: Date): boolean {
  if (a === b) return true;
  const start = from.getTime();
  try {
    for (let day = 0; day <= 366; day++) {
      const at = start + day * MS_PER_DAY;
      if (exactZoneOffsetMs(a, at) !== exactZoneOffsetMs(b, at)) return false;
    }
  } catch {
    return false;
  }
  return true;
}
