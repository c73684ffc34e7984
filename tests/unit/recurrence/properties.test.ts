import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WEEKDAYS } from "@/db/schema/enums";
import { daysInMonth, nextOccurrence, nextOccurrences, utcToLocal, type Schedule } from "@/lib/recurrence";

const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Sydney",
  "Asia/Tokyo",
  "Pacific/Honolulu",
  "UTC",
] as const;

const pad = (n: number) => String(n).padStart(2, "0");
const timeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);
const instantArb = fc
  .integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2060, 0, 1) })
  .map((ms) => new Date(ms));

const recurringArb: fc.Arbitrary<Schedule> = fc
  .record({
    timezone: fc.constantFrom(...ZONES),
    time: timeArb,
    frequency: fc.constantFrom("daily", "weekly", "monthly", "yearly" as const),
    days: fc.uniqueArray(fc.constantFrom(...WEEKDAYS), { minLength: 1, maxLength: 7 }),
    dayOfMonth: fc.integer({ min: 1, max: 31 }),
    month: fc.integer({ min: 1, max: 12 }),
  })
  .map((r) => ({ scheduleType: "recurring" as const, ...r }));

const localOf = (date: Date, zone: string) => utcToLocal(date.getTime(), zone);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

describe("recurrence properties", () => {
  it("occurrences are strictly increasing and never at or before `after`", () => {
    fc.assert(
      fc.property(recurringArb, instantArb, (schedule, after) => {
        const list = nextOccurrences(schedule, after, 12);
        expect(list).toHaveLength(12);
        let previous = after.getTime();
        for (const date of list) {
          expect(date.getTime()).toBeGreaterThan(previous);
          previous = date.getTime();
        }
      }),
      { numRuns: 300 },
    );
  });

  it("each occurrence falls on a day the rule allows, at the wall time or pushed by a DST gap", () => {
    fc.assert(
      fc.property(recurringArb, instantArb, (schedule, after) => {
        for (const date of nextOccurrences(schedule, after, 6)) {
          const local = localOf(date, schedule.timezone);
          const wanted = minutesOf(schedule.time ?? "09:00");
          const got = local.hour * 60 + local.minute;
          // Exact, or moved forward by a DST gap (at most 1 hour in these zones); a gap can push
          // 23:30 past midnight, so compare across the day boundary.
          const shift = (got - wanted + 1440) % 1440;
          expect(shift === 0 || shift === 60 || shift === 30).toBe(true);
          if (shift !== 0) continue; // the rare gap case: day checks below assume the plain case
          if (schedule.frequency === "weekly") {
            const weekday = (new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7;
            expect(schedule.days).toContain(WEEKDAYS[weekday]);
          }
          if (schedule.frequency === "monthly" || schedule.frequency === "yearly") {
            expect(local.day).toBe(Math.min(schedule.dayOfMonth ?? 1, daysInMonth(local.year, local.month)));
          }
          if (schedule.frequency === "yearly") expect(local.month).toBe(schedule.month);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("asking again after an occurrence gives the following one (no skips, no repeats)", () => {
    fc.assert(
      fc.property(recurringArb, instantArb, (schedule, after) => {
        const [first, second] = nextOccurrences(schedule, after, 2);
        expect(nextOccurrence(schedule, first)?.getTime()).toBe(second.getTime());
        // Any instant between two occurrences leads to the second.
        const mid = new Date(first.getTime() + Math.floor((second.getTime() - first.getTime()) / 2));
        expect(nextOccurrence(schedule, mid)?.getTime()).toBe(second.getTime());
      }),
      { numRuns: 300 },
    );
  });

  it("daily schedules give exactly one occurrence per local day", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), timeArb, instantArb, (timezone, time, after) => {
        const list = nextOccurrences(
          { scheduleType: "recurring", frequency: "daily", time, timezone },
          after,
          40,
        );
        const days = list.map((d) => {
          const l = localOf(d, timezone);
          return Date.UTC(l.year, l.month - 1, l.day) / 86_400_000;
        });
        // In these zones clocks change between 01:00 and 03:00, so a pushed wall time never
        // crosses midnight: every local day has exactly one occurrence.
        for (let i = 1; i < days.length; i += 1) expect(days[i] - days[i - 1]).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it("'after N' never yields more than N minus those already sent", () => {
    fc.assert(
      fc.property(
        recurringArb,
        instantArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        (schedule, after, n, sent) => {
          const list = nextOccurrences(
            { ...schedule, endCondition: "after", endAfterCount: n },
            after,
            50,
            sent,
          );
          expect(list).toHaveLength(Math.max(0, n - sent));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("'by' never yields an occurrence whose local date is after the end date, and includes that day", () => {
    fc.assert(
      fc.property(recurringArb, instantArb, fc.integer({ min: 0, max: 800 }), (schedule, after, days) => {
        const end = localOf(new Date(after.getTime() + days * 86_400_000), schedule.timezone);
        const endByDate = `${end.year}-${pad(end.month)}-${pad(end.day)}`;
        const bounded: Schedule = { ...schedule, endCondition: "by", endByDate };
        const list = nextOccurrences(bounded, after, 1000);
        for (const date of list) {
          const l = localOf(date, schedule.timezone);
          expect(`${l.year}-${pad(l.month)}-${pad(l.day)}` <= endByDate).toBe(true);
        }
        // Every unbounded occurrence on or before the end day is in the bounded list.
        const unbounded = nextOccurrences(schedule, after, list.length + 1);
        expect(unbounded.slice(0, list.length).map((d) => d.getTime())).toEqual(list.map((d) => d.getTime()));
        const extra = unbounded[list.length];
        const l = localOf(extra, schedule.timezone);
        expect(`${l.year}-${pad(l.month)}-${pad(l.day)}` > endByDate).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
