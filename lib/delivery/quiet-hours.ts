import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { utcToLocal, wallTimeToUtcMs } from "@/lib/recurrence";
import { addDays, MS_PER_MINUTE, type CivilDate, type CivilDateTime } from "@/lib/recurrence/civil-date";
import { QUIET_END_HOUR, QUIET_START_HOUR } from "./constants";

/** Hours of a day a delivery may go out in: minutes after local midnight, [start, end). */
export interface DayWindow {
  start: number;
  end: number;
}

/** Outside SMS and call quiet hours: 08:00 to 20:00 in the recipient's zone. */
export const QUIET_HOURS_OPEN: DayWindow = { start: QUIET_END_HOUR * 60, end: QUIET_START_HOUR * 60 };

/** A civil date-time as one number that orders like the date-time (minutes, not a real count). */
const ordinal = (t: CivilDateTime) => ((t.year * 13 + t.month) * 32 + t.day) * 1440 + t.hour * 60 + t.minute;

/**
 * The first instant whose wall time in `timeZone` is `minute` of `day` or later. A wall time
 * skipped by a clock change (02:30 on a spring-forward night) is the change itself (03:00), the
 * first moment of the day past it: wallTimeToUtcMs would land one gap later (03:30), which can be
 * past a short window's end.
 */
function firstInstantAt(day: CivilDate, minute: number, timeZone: string): number {
  const wall: CivilDateTime = { ...day, hour: Math.floor(minute / 60), minute: minute % 60 };
  const at = wallTimeToUtcMs(wall, timeZone);
  const local = utcToLocal(at, timeZone);
  if (local.hour * 60 + local.minute === minute) return at;
  // In a gap: search the minute the clock jumped (gaps are at most a few hours).
  const reached = (ms: number) => ordinal(utcToLocal(ms, timeZone)) >= ordinal(wall);
  let before = at - 3 * 60 * MS_PER_MINUTE;
  let after = at;
  while (after - before > MS_PER_MINUTE) {
    const mid = before + Math.floor((after - before) / MS_PER_MINUTE / 2) * MS_PER_MINUTE;
    if (reached(mid)) after = mid;
    else before = mid;
  }
  return after;
}

/**
 * When a delivery due at `at` may go out in `timeZone` within `window`: null when it may go now,
 * else the window's next start (today before it, tomorrow from its end on).
 */
export function windowRelease(at: Date, timeZone: string, window: DayWindow): Date | null {
  const local = utcToLocal(at.getTime(), timeZone);
  const minute = local.hour * 60 + local.minute;
  if (minute >= window.start && minute < window.end) return null;
  const day = minute >= window.end ? addDays(local, 1) : local;
  return new Date(firstInstantAt(day, window.start, timeZone));
}

/**
 * When an SMS due at `at` may go out in `timeZone`: null when it may go now, else the next
 * 08:00 local (same day before 08:00, next day from 20:00).
 */
export function quietHoursRelease(at: Date, timeZone: string): Date | null {
  return windowRelease(at, timeZone, QUIET_HOURS_OPEN);
}

/**
 * The hours a delivery on `channel` may go out in: the contact's own window (every channel), and
 * for SMS and calls also outside quiet hours. Both apply as their overlap, which is the later of
 * the two releases; a contact's window that shares no hour with 08:00-20:00 stands alone (the
 * contact asked for those hours themselves). Null: any time.
 */
export function sendingHours(channel: DeliveryMethod, contactWindow: DayWindow | null): DayWindow | null {
  const quiet = channel === "sms" || channel === "call";
  if (!contactWindow) return quiet ? QUIET_HOURS_OPEN : null;
  if (!quiet) return contactWindow;
  const start = Math.max(contactWindow.start, QUIET_HOURS_OPEN.start);
  const end = Math.min(contactWindow.end, QUIET_HOURS_OPEN.end);
  return start < end ? { start, end } : contactWindow;
}
