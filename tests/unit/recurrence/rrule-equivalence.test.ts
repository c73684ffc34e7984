import fc from "fast-check";
import { rrulestr } from "rrule";
import { describe, expect, it } from "vitest";
import { nextOccurrences, scheduleRrule, type Schedule } from "@/lib/recurrence";
import { dstScheduleArb, scheduleArb } from "./schedule-arbitraries";
import { icsWall, rfcInstant, wallOf } from "./zone-clock";

/** How far each schedule is compared: several years, and at most this many occurrences. */
const YEARS = 5;
const MAX_COMPARED = 250;

/**
 * The occurrences the `rrule` package (an independent RFC 5545 implementation) expands from our
 * RRULE, as instants. `rrule` computes in floating dates (wall times held as UTC), so DTSTART and
 * UNTIL go in as wall times of the zone and each wall time it returns becomes an instant by RFC
 * 5545's rule for skipped and repeated local times (rfcInstant, read from Intl).
 */
function rruleInstants(schedule: Schedule, dtstart: string, rrule: string, until: number): number[] {
  const wallStart = dtstart.slice(dtstart.lastIndexOf(":") + 1).replace(/Z$/, "");
  // UNTIL is a UTC instant; in floating dates it is that instant's wall time in the zone.
  const floating = rrule.replace(/UNTIL=(\d{8}T\d{6})Z/, (_all, utc: string) => {
    const ms = Date.UTC(
      Number(utc.slice(0, 4)),
      Number(utc.slice(4, 6)) - 1,
      Number(utc.slice(6, 8)),
      Number(utc.slice(9, 11)),
      Number(utc.slice(11, 13)),
    );
    return `UNTIL=${icsWall(wallOf(ms, schedule.timezone))}Z`;
  });
  const rule = rrulestr(`DTSTART:${wallStart}Z\n${floating}`);
  // Wall times run up to a day ahead of instants: cut by instant once converted.
  const walls = rule.all((date, index) => index < MAX_COMPARED && date.getTime() <= until + 86_400_000);
  return walls.map((wall) => rfcInstant(wall.getTime(), schedule.timezone)).filter((ms) => ms <= until);
}

/** The engine's occurrences from `from` and rrule's expansion of the RRULE written there, as ISO strings. */
function bothLists(schedule: Schedule, from: Date, before: number) {
  const lines = scheduleRrule(schedule, from, before);
  const until = from.getTime() + YEARS * 366 * 86_400_000;
  const ours = nextOccurrences(schedule, new Date(from.getTime() - 1), MAX_COMPARED, before)
    .map((date) => date.getTime())
    .filter((ms) => ms <= until);
  const theirs = lines ? rruleInstants(schedule, lines.dtstart, lines.rrule, until) : null;
  const iso = (list: number[]) => list.map((ms) => new Date(ms).toISOString());
  return { lines, ours: iso(ours), theirs: theirs && iso(theirs) };
}

describe("the engine and its RRULE agree with an independent RFC 5545 implementation (rrule)", () => {
  it("for generated schedules of every kind, in zones across DST changes, over several years", () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 4 }), ({ schedule, first }, skip) => {
        // List from the first occurrence or a later one, as the feed lists from the next one.
        const from = nextOccurrences(
          { ...schedule, endCondition: "never" },
          new Date(first.getTime() - 1),
          skip + 1,
        )[skip];
        const { lines, ours, theirs } = bothLists(schedule, from, skip);
        if (lines === null) {
          // Nothing left to list (the 'after N' spent, the 'by' day passed), or a lead whose day
          // moves with leap years.
          expect(ours.length === 0 || schedule.leadDays !== undefined).toBe(true);
          return;
        }
        expect(lines.dtstart).toMatch(/^DTSTART(;TZID=[A-Za-z_/]+)?:\d{8}T\d{6}Z?$/);
        expect(theirs).toEqual(ours);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("at the hours the clocks skip or repeat, on the days they change", () => {
    let moved = 0;
    fc.assert(
      fc.property(dstScheduleArb, ({ schedule, first }) => {
        const { lines, ours, theirs } = bothLists(schedule, first, 0);
        expect(lines).not.toBeNull();
        expect(theirs).toEqual(ours);
        moved += ours.filter((iso) => {
          const wall = new Date(wallOf(Date.parse(iso), schedule.timezone)).toISOString().slice(11, 16);
          return wall !== schedule.time;
        }).length;
      }),
      { numRuns: 150 },
    );
    // The runs did meet skipped times (moved by the gap), not only ordinary days.
    expect(moved).toBeGreaterThan(50);
  }, 60_000);
});
