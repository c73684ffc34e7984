import fc from "fast-check";
import { WEEKDAYS, type Weekday } from "@/db/schema/enums";
import {
  NTH_WEEKDAYS,
  formatCivilDate,
  nextOccurrences,
  wallTimeToUtcMs,
  type Schedule,
} from "@/lib/recurrence";

/**
 * Zones whose clocks change at different hours and in opposite seasons: New York (02:00), Paris
 * (02:00/03:00), Sydney (southern summer), Kolkata (no DST, +05:30), Santiago (at midnight,
 * southern), Nuuk (23:00 on a Saturday: a skipped time lands on the next day), UTC.
 */
export const ZONES = [
  "America/New_York",
  "Europe/Paris",
  "Australia/Sydney",
  "Asia/Kolkata",
  "America/Santiago",
  "America/Nuuk",
  "UTC",
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** Any time, often one near a clock change (small hours, late evening, midnight). */
const timeArb = fc
  .oneof(
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })),
    fc.tuple(fc.constantFrom(0, 1, 2, 3, 23), fc.constantFrom(0, 15, 30, 45, 59)),
  )
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);

const weekdayArb = fc.constantFrom(...WEEKDAYS);
const nthArb = fc.constantFrom(...NTH_WEEKDAYS);
/** Any day 1-31 (a day the month lacks is its last), often one of the month-end days. */
const dayArb = fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(28, 29, 30, 31));
const monthArb = fc.integer({ min: 1, max: 12 });
const anchorArb = fc
  .noBias(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2034, 11, 31) }))
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
/** 1 (every period) as often as any other interval up to `max`. */
const intervalArb = (max: number) => fc.oneof(fc.constant(1), fc.integer({ min: 2, max }));

/** Every kind of recurring rule, without its zone, time, anchor or end. */
const ruleArb: fc.Arbitrary<Partial<Schedule>> = fc.oneof(
  // Daily rules meet every clock change of their zone: weighted up.
  {
    weight: 3,
    arbitrary: fc.record({ frequency: fc.constant("daily" as const), interval: intervalArb(30) }),
  },
  fc.record({
    frequency: fc.constant("weekly" as const),
    interval: intervalArb(8),
    days: fc.uniqueArray(weekdayArb, { minLength: 1, maxLength: 7 }),
  }),
  fc.record({
    frequency: fc.constant("weekly" as const),
    interval: intervalArb(4),
    days: fc.constant<Weekday[]>(["Mon", "Tue", "Wed", "Thu", "Fri"]),
  }),
  fc.record({ frequency: fc.constant("monthly" as const), interval: intervalArb(12), dayOfMonth: dayArb }),
  fc.record({
    frequency: fc.constant("monthly" as const),
    interval: intervalArb(12),
    nthWeekday: nthArb,
    days: weekdayArb.map((day) => [day]),
  }),
  fc.record({
    frequency: fc.constant("yearly" as const),
    interval: intervalArb(5),
    month: monthArb,
    dayOfMonth: dayArb,
  }),
  fc.record({
    frequency: fc.constant("yearly" as const),
    interval: intervalArb(4),
    month: monthArb,
    nthWeekday: nthArb,
    days: weekdayArb.map((day) => [day]),
  }),
  fc.record({
    frequency: fc.constant("yearly" as const),
    month: monthArb,
    dayOfMonth: dayArb,
    leadDays: fc.integer({ min: 1, max: 60 }),
  }),
);

type End = Pick<Schedule, "endCondition" | "endAfterCount" | "endByDate">;

/** Never, after 1-60 occurrences, or by a day 0-6 years after the anchor (as days from it). */
const endArb: fc.Arbitrary<End | { byDaysAfterAnchor: number }> = fc.oneof(
  fc.constant({}),
  fc.integer({ min: 1, max: 60 }).map((n) => ({ endCondition: "after" as const, endAfterCount: n })),
  fc.noBias(fc.integer({ min: 0, max: 6 * 366 })).map((days) => ({ byDaysAfterAnchor: days })),
);

export interface GeneratedSchedule {
  schedule: Schedule;
  /** The first occurrence on or after the anchor. */
  first: Date;
}

/** A valid recurring schedule of any kind, anchored, with any end, and its first occurrence. */
export const scheduleArb: fc.Arbitrary<GeneratedSchedule> = fc
  .record({
    rule: ruleArb,
    timezone: fc.constantFrom(...ZONES),
    time: timeArb,
    anchorDate: anchorArb,
    end: endArb,
  })
  .map(({ rule, timezone, time, anchorDate, end }) => {
    const ends: End =
      "byDaysAfterAnchor" in end
        ? {
            endCondition: "by",
            endByDate: formatCivilDate(
              (() => {
                const d = new Date(`${anchorDate}T00:00:00Z`);
                d.setUTCDate(d.getUTCDate() + end.byDaysAfterAnchor);
                return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
              })(),
            ),
          }
        : end;
    const schedule: Schedule = { scheduleType: "recurring", ...rule, timezone, time, anchorDate, ...ends };
    const [year, month, day] = anchorDate.split("-").map(Number);
    const dayBefore = wallTimeToUtcMs({ year, month, day, hour: 0, minute: 0 }, timezone) - 86_400_000;
    const [first] = nextOccurrences({ ...schedule, endCondition: "never" }, new Date(dayBefore), 1);
    return { schedule, first };
  });

/** The local hours each zone's clocks skip or repeat (on the Saturday night or Sunday they change). */
const CHANGE_HOURS: Record<string, number[]> = {
  "America/New_York": [1, 2],
  "Europe/Paris": [2],
  "Australia/Sydney": [2],
  "America/Santiago": [0, 23],
  "America/Nuuk": [23],
};

/**
 * Schedules that meet the clock changes: at an hour their zone skips or repeats, on days the
 * clocks change (daily, Saturdays and Sundays, the first, second or last Sunday of the month).
 */
export const dstScheduleArb: fc.Arbitrary<GeneratedSchedule> = fc
  .constantFrom(...Object.keys(CHANGE_HOURS))
  .chain((timezone) =>
    fc.record({
      timezone: fc.constant(timezone),
      time: fc
        .tuple(fc.constantFrom(...CHANGE_HOURS[timezone]), fc.constantFrom(0, 1, 30, 59))
        .map(([h, m]) => `${pad(h)}:${pad(m)}`),
      anchorDate: anchorArb,
      rule: fc.oneof(
        fc.record({ frequency: fc.constant("daily" as const), interval: fc.integer({ min: 1, max: 3 }) }),
        fc.record({
          frequency: fc.constant("weekly" as const),
          interval: fc.integer({ min: 1, max: 2 }),
          days: fc.constantFrom<Weekday[]>(["Sat"], ["Sun"], ["Sat", "Sun"]),
        }),
        fc.record({
          frequency: fc.constant("monthly" as const),
          nthWeekday: fc.constantFrom(1, 2, -1 as const),
          days: fc.constantFrom<Weekday[]>(["Sat"], ["Sun"]),
        }),
      ),
    }),
  )
  .map(({ rule, timezone, time, anchorDate }) => {
    const schedule: Schedule = { scheduleType: "recurring", ...rule, timezone, time, anchorDate };
    const [year, month, day] = anchorDate.split("-").map(Number);
    const dayBefore = wallTimeToUtcMs({ year, month, day, hour: 0, minute: 0 }, timezone) - 86_400_000;
    return { schedule, first: nextOccurrences(schedule, new Date(dayBefore), 1)[0] };
  });
