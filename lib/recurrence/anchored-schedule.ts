import { addDays, formatCivilDate } from "./civil-date";
import { firstOccurrence } from "./occurrences";
import { utcToLocal } from "./time-zone";
import type { Schedule } from "./types";

/**
 * A recurring schedule with an interval, its anchor date set, as it is stored when created: the
 * local date of its first occurrence strictly after `now`, the rule read as if every period
 * counted ("every other Tuesday" made on a Thursday starts next Tuesday, and counts its
 * fortnights from that week). A schedule that has an anchor, one without an interval (every
 * period counts: it needs no start), a one-time one come back as they are; one that no longer
 * occurs (its end date passed) is anchored on today, so that it still validates and says it has
 * no occurrence. Throws RangeError for an invalid schedule.
 */
export function anchoredSchedule(schedule: Schedule, now: Date): Schedule {
  if (schedule.scheduleType !== "recurring" || schedule.anchorDate !== undefined) return schedule;
  if ((schedule.interval ?? 1) === 1) return schedule;
  const first = firstOccurrence({ ...schedule, interval: 1 }, now);
  const today = utcToLocal(now.getTime(), schedule.timezone);
  if (first === null) return { ...schedule, anchorDate: formatCivilDate(today) };
  const local = utcToLocal(first.getTime(), schedule.timezone);
  // The first occurrence's own day, unless a DST gap pushed its wall time past midnight: then
  // the day before, which is the day the rule chose.
  for (const date of [local, addDays(local, -1)]) {
    const anchored = { ...schedule, anchorDate: formatCivilDate(date) };
    if (firstOccurrence(anchored, now)?.getTime() === first.getTime()) return anchored;
  }
  return { ...schedule, anchorDate: formatCivilDate(local) };
}
