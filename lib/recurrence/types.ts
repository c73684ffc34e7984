import type { EndCondition, Frequency, ScheduleType, Weekday } from "@/db/schema/enums";

/** A reminder's schedule, as the recurrence engine reads it. */
export interface Schedule {
  scheduleType: ScheduleType;
  /** once: local wall time 'YYYY-MM-DDTHH:MM' in `timezone`. */
  localDateTime?: string;
  /** recurring: daily | weekly | monthly | yearly. */
  frequency?: Frequency;
  /** recurring: 'HH:MM' local; 09:00 when absent. */
  time?: string;
  /** weekly: one or more of Mon..Sun. */
  days?: Weekday[];
  /** monthly (1-31), and yearly together with `month`. */
  dayOfMonth?: number;
  /** yearly: 1-12. */
  month?: number;
  /** yearly: occurrences this many local days before the date (a lead reminder), 1-60. */
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
