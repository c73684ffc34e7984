import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactZoneOffsetMs, zoneOffsetMs } from "@/lib/recurrence/time-zone";

// Zones with ordinary DST, half-hour DST (Lord Howe), odd historical offsets (Monrovia's
// -00:44:30 until 1972, Kolkata's 1940s changes) and a date-line jump (Apia, 2011).
const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Lord_Howe",
  "Africa/Monrovia",
  "Asia/Kolkata",
  "Pacific/Apia",
  "America/St_Johns",
] as const;

const SECOND = 1000;

describe("zoneOffsetMs (cached per hour)", () => {
  it("matches the exact Intl reading at any instant, including the seconds around each change", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
        (zone, ms) => {
          // Read in an order that warms the cache first for the surrounding hour.
          for (const at of [ms - 3_600_000, ms + 3_600_000, ms]) {
            expect(zoneOffsetMs(zone, at)).toBe(exactZoneOffsetMs(zone, at));
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads the offset on both sides of a change inside a cached hour", () => {
    const cases: [string, string, number, number][] = [
      // zone, first instant of the new offset (UTC), offset before, offset after (minutes)
      ["America/New_York", "2026-03-08T07:00:00Z", -300, -240],
      ["America/New_York", "2026-11-01T06:00:00Z", -240, -300],
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z", 660, 630],
      ["America/St_Johns", "2026-03-08T05:30:00Z", -210, -150],
      ["Africa/Monrovia", "1972-01-07T00:44:30Z", -44.5, 0],
    ];
    for (const [zone, changeAt, before, after] of cases) {
      const change = Date.parse(changeAt);
      const hourStart = change - (change % 3_600_000);
      // Warm the cache for the hour holding the change before the reads that matter.
      zoneOffsetMs(zone, hourStart);
      expect(zoneOffsetMs(zone, change - SECOND)).toBe(before * 60_000);
      expect(zoneOffsetMs(zone, change)).toBe(after * 60_000);
      expect(zoneOffsetMs(zone, change + 59 * 60 * SECOND)).toBe(after * 60_000);
    }
  });
});
