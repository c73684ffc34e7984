import type { EndCondition, Frequency, ScheduleType, Weekday } from "@/db/schema/enums";
import { formatCivilDateTime, utcToLocal, type Schedule } from "@/lib/recurrence";

/** The reminder columns the recurrence module needs, as the engine reads them (snake_case rows). */
export interface ScheduleRow {
  schedule_type: string;
  scheduled_for: Date | null;
  frequency: string | null;
  time: string | null;
  days: string[] | null;
  day_of_month: number | null;
  month: number | null;
  end_condition: string | null;
  end_after_count: number | null;
  end_by_date: string | null;
  timezone: string;
}

export function toSchedule(row: ScheduleRow): Schedule {
  return {
    scheduleType: row.schedule_type as ScheduleType,
    localDateTime: row.scheduled_for
      ? formatCivilDateTime(utcToLocal(row.scheduled_for.getTime(), row.timezone))
      : undefined,
    frequency: (row.frequency ?? undefined) as Frequency | undefined,
    time: row.time ?? undefined,
    days: (row.days ?? undefined) as Weekday[] | undefined,
    dayOfMonth: row.day_of_month ?? undefined,
    month: row.month ?? undefined,
    endCondition: (row.end_condition ?? undefined) as EndCondition | undefined,
    endAfterCount: row.end_after_count ?? undefined,
    endByDate: row.end_by_date ?? undefined,
    timezone: row.timezone,
  };
}
