import { z } from "zod";
import type { Frequency } from "@/db/schema/enums";
import { DEFAULT_TIME, MAX_INTERVAL, NTH_WEEKDAYS, type Schedule } from "@/lib/recurrence";
import { frequencyConfigSchema } from "./reminder";

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `frequencyConfig` with the fields of the richer schedules: every N periods counted from a first
 * day, and the nth weekday of a month. Every body valid before is valid here and means the same
 * (the new fields are optional; absent, the interval is 1 and there is no first day). Not yet
 * what POST /api/reminders reads: that waits for the columns that store these fields.
 */
export const frequencyConfigWithRepeatsSchema = frequencyConfigSchema.extend({
  /** Every `interval` days, weeks, months or years. */
  interval: z.number().int().min(1).max(MAX_INTERVAL).optional(),
  /** The first day 'YYYY-MM-DD' (local): which days, weeks, months or years an interval counts. */
  anchorDate: z.string().regex(LOCAL_DATE, "Date must be YYYY-MM-DD").optional(),
  /** Monthly and yearly: the first to fourth (1-4) or last (-1) of the weekday in `days`. */
  nthWeekday: z
    .number()
    .int()
    .refine(
      (value) => (NTH_WEEKDAYS as readonly number[]).includes(value),
      "nthWeekday must be 1, 2, 3, 4 or -1",
    )
    .optional(),
});

export type FrequencyConfigWithRepeats = z.output<typeof frequencyConfigWithRepeatsSchema>;

/**
 * The recurrence engine's view of a recurring body's frequency and config, in `timezone`: what
 * `scheduleFromBody` reads for today's fields (the same result for a body without the new ones),
 * with the interval, first day and nth weekday. `days` reach a monthly or yearly schedule only
 * with an nth weekday.
 */
export function scheduleFromRepeats(
  frequency: Frequency | null | undefined,
  config: FrequencyConfigWithRepeats | null | undefined,
  timezone: string,
): Schedule {
  const c = config ?? {};
  const byWeekday = (frequency === "monthly" || frequency === "yearly") && c.nthWeekday !== undefined;
  return {
    scheduleType: "recurring",
    frequency: frequency ?? undefined,
    time: c.time ?? DEFAULT_TIME,
    days: frequency === "weekly" || byWeekday ? c.days : undefined,
    dayOfMonth: (frequency === "monthly" || frequency === "yearly") && !byWeekday ? c.dayOfMonth : undefined,
    month: frequency === "yearly" ? c.month : undefined,
    ...(byWeekday ? { nthWeekday: c.nthWeekday as Schedule["nthWeekday"] } : {}),
    ...(c.interval !== undefined && c.interval > 1 ? { interval: c.interval } : {}),
    ...(c.anchorDate !== undefined ? { anchorDate: c.anchorDate } : {}),
    endCondition: c.endCondition ?? "never",
    endAfterCount: c.endCondition === "after" ? (c.endAfterCount ?? 10) : undefined,
    endByDate: c.endCondition === "by" ? (c.endByDate ?? undefined) : undefined,
    timezone,
  };
}
