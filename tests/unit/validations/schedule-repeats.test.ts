import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { END_CONDITIONS, FREQUENCIES, WEEKDAYS, type Frequency } from "@/db/schema/enums";
import { DEFAULT_TIME, scheduleProblem, type Schedule } from "@/lib/recurrence";
import {
  frequencyConfigSchema,
  reminderInputSchema,
  reminderShapeSchema,
  scheduleFromBody,
  scheduleFromConfig,
  TIME,
} from "@/lib/validations/reminder";

const pad = (n: number) => String(n).padStart(2, "0");
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** frequencyConfig as the API took it before intervals and nth weekdays (a frozen copy). */
const configBefore = z
  .object({
    time: z.string().regex(TIME).optional(),
    days: z.array(z.enum(WEEKDAYS)).max(7).optional(),
    dayOfMonth: z.number().int().min(1).max(31).optional(),
    month: z.number().int().min(1).max(12).optional(),
    endCondition: z.enum(END_CONDITIONS).optional(),
    endAfterCount: z.number().int().min(1).max(10_000).optional(),
    endByDate: z.preprocess(emptyToNull, z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish()),
  })
  .strict();

/** The engine's schedule of such a body before (a frozen copy of scheduleFromBody then). */
function scheduleBefore(frequency: Frequency, config: z.output<typeof configBefore>, timezone: string): Schedule {
  return {
    scheduleType: "recurring",
    frequency,
    time: config.time ?? DEFAULT_TIME,
    days: frequency === "weekly" ? config.days : undefined,
    dayOfMonth: frequency === "monthly" || frequency === "yearly" ? config.dayOfMonth : undefined,
    month: frequency === "yearly" ? config.month : undefined,
    endCondition: config.endCondition ?? "never",
    endAfterCount: config.endCondition === "after" ? (config.endAfterCount ?? 10) : undefined,
    endByDate: config.endCondition === "by" ? (config.endByDate ?? undefined) : undefined,
    timezone,
  };
}

/** Bodies' frequencyConfig as clients send them today, valid or not. */
const todaysConfigArb = fc.record(
  {
    time: fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${pad(h)}:${pad(m)}`),
      fc.constantFrom("24:00", "9:00", ""),
    ),
    days: fc.array(fc.constantFrom(...WEEKDAYS), { maxLength: 7 }),
    dayOfMonth: fc.integer({ min: 0, max: 32 }),
    month: fc.integer({ min: 0, max: 13 }),
    endCondition: fc.constantFrom(...END_CONDITIONS),
    endAfterCount: fc.integer({ min: 0, max: 10_001 }),
    endByDate: fc.constantFrom("2030-01-01", "", "2030-1-1"),
  },
  { requiredKeys: [] },
);

describe("frequencyConfigSchema: the bodies of before intervals are valid and mean the same", () => {
  it("accepts and refuses exactly what it did, with the same output", () => {
    fc.assert(
      fc.property(todaysConfigArb, (config) => {
        const before = configBefore.safeParse(config);
        const after = frequencyConfigSchema.safeParse(config);
        expect(after.success).toBe(before.success);
        if (before.success) expect(after.data).toEqual(before.data);
      }),
      { numRuns: 1000 },
    );
  });

  it("gives the engine the schedule it gave for every body of that shape", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FREQUENCIES), todaysConfigArb, (frequency, config) => {
        const body = reminderShapeSchema.safeParse({
          contactId: "c1",
          message: "Hi",
          deliveryMethod: "email",
          scheduleType: "recurring",
          frequency,
          frequencyConfig: config,
        });
        if (!body.success) return;
        expect(scheduleFromBody(body.data, "Europe/Paris")).toEqual(
          scheduleBefore(frequency, configBefore.parse(config), "Europe/Paris"),
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe("frequencyConfigSchema: the new fields", () => {
  it.each([
    [{ interval: 2, anchorDate: "2026-03-10" }, true],
    [{ interval: 365, anchorDate: "2026-03-10" }, true],
    [{ interval: 0 }, false],
    [{ interval: 366 }, false],
    [{ interval: 1.5 }, false],
    [{ anchorDate: "10/03/2026" }, false],
    [{ nthWeekday: -1, days: ["Fri"] }, true],
    [{ nthWeekday: 4, days: ["Thu"] }, true],
    [{ nthWeekday: 5, days: ["Fri"] }, false],
    [{ nthWeekday: 0, days: ["Fri"] }, false],
    [{ weekOfMonth: 1 }, false],
  ])("%j valid: %s", (config, valid) => {
    expect(frequencyConfigSchema.safeParse({ time: "09:00", ...config }).success).toBe(valid);
  });

  it("reads an nth weekday, an interval and a first day into the engine's schedule", () => {
    const last = scheduleFromConfig(
      "monthly",
      { time: "12:00", days: ["Fri"], dayOfMonth: 15, nthWeekday: -1, interval: 2, anchorDate: "2026-03-27" },
      "UTC",
    );
    expect(last).toMatchObject({ days: ["Fri"], nthWeekday: -1, interval: 2, anchorDate: "2026-03-27" });
    expect(last.dayOfMonth).toBeUndefined();
    expect(scheduleProblem(last)).toBeNull();
    // Weekdays on a monthly schedule without nthWeekday are ignored, as today.
    const day = scheduleFromConfig("monthly", { time: "12:00", days: ["Fri"], dayOfMonth: 15 }, "UTC");
    expect(day).toMatchObject({ dayOfMonth: 15, days: undefined });
    expect(scheduleFromConfig("weekly", { interval: 1, days: ["Mon"] }, "UTC").interval).toBeUndefined();
  });
});

describe("the body's rules with the new fields", () => {
  const body = (frequency: Frequency, frequencyConfig: Record<string, unknown>) => ({
    contactId: "c1",
    message: "Hi",
    deliveryMethod: "email",
    scheduleType: "recurring",
    frequency,
    frequencyConfig: { time: "12:00", ...frequencyConfig },
  });
  const firstIssue = (input: unknown) => reminderInputSchema.safeParse(input).error?.issues[0]?.message;

  it("takes an interval without a first day (set when saved) and the nth weekday of a month or year", () => {
    expect(firstIssue(body("weekly", { interval: 2, days: ["Tue"] }))).toBeUndefined();
    expect(firstIssue(body("monthly", { nthWeekday: 1, days: ["Sun"] }))).toBeUndefined();
    expect(firstIssue(body("yearly", { nthWeekday: 2, days: ["Sun"], month: 5 }))).toBeUndefined();
    expect(firstIssue(body("daily", { interval: 3, anchorDate: "2026-03-10" }))).toBeUndefined();
  });

  it("asks for the weekday of an nth weekday, and refuses two", () => {
    expect(firstIssue(body("monthly", { nthWeekday: -1 }))).toBe("Please select at least one day");
    expect(firstIssue(body("monthly", { nthWeekday: -1, days: ["Fri", "Sat"] }))).toBe(
      "nthWeekday needs exactly one weekday in days",
    );
  });

  it("refuses a first day that is no date", () => {
    expect(firstIssue(body("weekly", { interval: 2, days: ["Tue"], anchorDate: "2026-02-30" }))).toMatch(
      /^anchorDate: /,
    );
  });
});
