import type { EndCondition, Frequency, NthWeekday, ScheduleType, Weekday } from "@/db/schema/enums";

export { MAX_INTERVAL, NTH_WEEKDAYS, type NthWeekday } from "@/db/schema/enums";

/** A reminder's schedule, as the recurrence engine reads it. */
export interface Schedule {
  scheduleType: ScheduleType;
  /** once: local wall time 'YYYY-MM-DDTHH:MM' in `timezone`. */
  localDateTime?: string;
  /** recurring: daily | weekly | monthly | yearly. */
  frequency?: Frequency;
  /**
   * recurring: every `interval` days, weeks, months or years (1 to MAX_INTERVAL); 1 when absent.
   * Above 1 it needs `anchorDate`, which says which days, weeks, months or years count.
   */
  interval?: number;
  /**
   * recurring: 'YYYY-MM-DD' local, the first day the schedule may fall on (the first
   * occurrence's date). Periods are counted from the one it falls in: its day, its Monday-to-
   * Sunday week, its month or its year; nothing comes before it. Absent: no start (as every
   * schedule written before intervals), allowed with an interval of 1 only.
   */
  anchorDate?: string;
  /** recurring: 'HH:MM' local; 09:00 when absent. */
  time?: string;
  /**
   * weekly: one or more of Mon..Sun. Monthly and yearly with `nthWeekday`: exactly one, the
   * weekday of the month; ignored otherwise.
   */
  days?: Weekday[];
  /** monthly (1-31), and yearly together with `month`; ignored when `nthWeekday` is set. */
  dayOfMonth?: number;
  /**
   * monthly and yearly: on the nth (1-4) or last (-1) `days[0]` of the month instead of a day
   * of the month ("the last Friday of every month", "the second Sunday of May").
   */
  nthWeekday?: NthWeekday;
  /** yearly: 1-12. */
  month?: number;
  /** yearly every year: occurrences this many local days before the date (a lead reminder), 1-60. */
  leadDays?: number;
  /** Absent means never. */
  endCondition?: EndCondition;
  /** endCondition 'after': total occurrences, >= 1. */
  endAfterCount?: number;
  /** endCondition 'by': 'YYYY-MM-DD' local, the whole day included. */
  endByDate?: string;
  /** IANA zone the local times are in. */
  timezone: string;
}

export const DEFAULT_TIME = "09:00";
