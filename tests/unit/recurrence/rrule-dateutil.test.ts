import { execFileSync } from "node:child_process";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextOccurrences, scheduleRrule } from "@/lib/recurrence";
import { dstScheduleArb, scheduleArb } from "./schedule-arbitraries";

const SCRIPT = path.join(import.meta.dirname, "rrule_dateutil.py");
const YEARS = 5;
const MAX_COMPARED = 200;

/**
 * A second independent reading of the same RRULEs: python-dateutil's rrule, with each wall time
 * placed by Python's zoneinfo (its own copy of the time-zone database, its own DST rules), so
 * the instants do not come from Intl as the engine's do. Needs python3 with dateutil (Debian:
 * python3-dateutil).
 */
describe("the engine and its RRULE agree with python-dateutil and zoneinfo", () => {
  it("for generated schedules of every kind and at the hours the clocks change", () => {
    const samples = [
      ...fc.sample(scheduleArb, { numRuns: 250, seed: 20260310 }),
      ...fc.sample(dstScheduleArb, { numRuns: 100, seed: 20261101 }),
    ];
    const cases = samples.flatMap(({ schedule, first }) => {
      const lines = scheduleRrule(schedule, first);
      if (lines === null) return [];
      const until = new Date(first.getTime() + YEARS * 366 * 86_400_000);
      const ours = nextOccurrences(schedule, new Date(first.getTime() - 1), MAX_COMPARED)
        .filter((date) => date <= until)
        .map((date) => date.toISOString());
      return [{ ...lines, timezone: schedule.timezone, max: MAX_COMPARED, until: until.toISOString(), ours }];
    });
    expect(cases.length).toBeGreaterThan(300);
    const theirs = JSON.parse(
      execFileSync("python3", [SCRIPT], {
        input: JSON.stringify(cases),
        maxBuffer: 64 * 1024 * 1024,
      }).toString(),
    ) as string[][];
    const mismatches = cases
      .map((c, i) => ({ dtstart: c.dtstart, rrule: c.rrule, ours: c.ours, theirs: theirs[i] }))
      .filter((c) => JSON.stringify(c.ours) !== JSON.stringify(c.theirs));
    expect(mismatches.slice(0, 3)).toEqual([]);
  }, 60_000);
});
