import "server-only";
import { utcToLocal, wallTimeToUtcMs } from "@/lib/recurrence";
import { addDays } from "@/lib/recurrence/civil-date";
import { QUIET_END_HOUR, QUIET_START_HOUR } from "./constants";

/**
 * When an SMS due at `at` may go out in `timeZone`: null when it may go now, else the next
 * 08:00 local (same day before 08:00, next day from 20:00).
 */
export function quietHoursRelease(at: Date, timeZone: string): Date | null {
  const local = utcToLocal(at.getTime(), timeZone);
  if (local.hour >= QUIET_END_HOUR && local.hour < QUIET_START_HOUR) return null;
  const day = local.hour >= QUIET_START_HOUR ? addDays(local, 1) : local;
  return new Date(wallTimeToUtcMs({ ...day, hour: QUIET_END_HOUR, minute: 0 }, timeZone));
}
