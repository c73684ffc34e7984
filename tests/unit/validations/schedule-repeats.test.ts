import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { END_CONDITIONS, FREQUENCIES, WEEKDAYS } from "@/db/schema/enums";
import { scheduleProblem } from "@/lib/recurrence";
import { frequencyConfigSchema, reminderShapeSchema, scheduleFromBody } from "@/lib/validations/reminder";
import { frequencyConfigWithRepeatsSchema, scheduleFromRepeats } from "@/lib/validations/schedule-repeats";

const pad = (n: number) => String(n).padStart(2, "0");

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

describe("frequencyConfigWithRepeatsSchema: today's bodies are valid and mean the same", () => {
  it("accepts and refuses exactly what frequencyConfigSchema does, with the same output", () => {
    fc.assert(
      fc.property(todaysConfigArb, (config) => {
        const before = frequencyConfigSchema.safeParse(config);
        const after = frequencyConfigWithRepeatsSchema.safeParse(config);
        expect(after.success).toBe(before.success);
        if (before.success) expect(after.data).toEqual(before.data);
      }),
      { numRuns: 1000 },
    );
  });

  it("gives the engine the schedule scheduleFromBody gives for every body of today's shape", () => {
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
        const repeats = frequencyConfigWithRepeatsSchema.parse(config);
        expect(scheduleFromRepeats(frequency, repeats, "Europe/Paris")).toEqual(
          scheduleFromBody(body.data, "Europe/Paris"),
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe("frequencyConfigWithRepeatsSchema: the new fields", () => {
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
    expect(frequencyConfigWithRepeatsSchema.safeParse({ time: "09:00", ...config }).success).toBe(valid);
  });

  it("reads an nth weekday, an interval and a first day into the engine's schedule", () => {
    const last = scheduleFromRepeats(
      "monthly",
      { time: "12:00", days: ["Fri"], dayOfMonth: 15, nthWeekday: -1, interval: 2, anchorDate: "2026-03-27" },
      "UTC",
    );
    expect(last).toMatchObject({ days: ["Fri"], nthWeekday: -1, interval: 2, anchorDate: "2026-03-27" });
    expect(last.dayOfMonth).toBeUndefined();
    expect(scheduleProblem(last)).toBeNull();
    // Weekdays on a monthly schedule without nthWeekday are ignored, as today.
    const day = scheduleFromRepeats("monthly", { time: "12:00", days: ["Fri"], dayOfMonth: 15 }, "UTC");
    expect(day).toMatchObject({ dayOfMonth: 15, days: undefined });
    expect(scheduleFromRepeats("weekly", { interval: 1, days: ["Mon"] }, "UTC").interval).toBeUndefined();
  });
});
