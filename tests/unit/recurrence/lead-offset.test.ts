import { describe, expect, it } from "vitest";
import { formatCivilDate, leadDate, nextOccurrences, scheduleProblem, type Schedule } from "@/lib/recurrence";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

const yearly = (month: number, dayOfMonth: number, extra: Partial<Schedule> = {}): Schedule => ({
  scheduleType: "recurring",
  frequency: "yearly",
  time: "09:00",
  month,
  dayOfMonth,
  timezone: "UTC",
  ...extra,
});

describe("leadDate: a yearly date moved N local days earlier", () => {
  it.each([
    // 7 days before 1 March: 22 February in a common year, 23 February in a leap year.
    [2027, 3, 1, 7, "2027-02-22"],
    [2028, 3, 1, 7, "2028-02-23"],
    [2100, 3, 1, 7, "2100-02-22"], // 2100 is not a leap year
    [2000, 3, 1, 7, "2000-02-23"], // 2000 is
    // 29 February falls on 28 February in common years, then the lead counts back from there.
    [2027, 2, 29, 0, "2027-02-28"],
    [2028, 2, 29, 0, "2028-02-29"],
    [2027, 2, 29, 1, "2027-02-27"],
    [2028, 2, 29, 1, "2028-02-28"],
    // Across a year end and a month end.
    [2027, 1, 2, 3, "2026-12-30"],
    [2026, 1, 1, 1, "2025-12-31"],
    [2026, 5, 1, 60, "2026-03-02"],
  ])("%i-%i-%i minus %i days is %s", (year, month, day, lead, expected) => {
    expect(formatCivilDate(leadDate(year, month, day, lead))).toBe(expected);
  });
});

describe("yearly schedules with leadDays", () => {
  it("29 February with a day's lead: 27 or 28 February, by leap year", () => {
    const dates = nextOccurrences(yearly(2, 29, { leadDays: 1 }), new Date("2026-01-01T00:00:00Z"), 4);
    expect(iso(dates)).toEqual([
      "2026-02-27T09:00:00.000Z",
      "2027-02-27T09:00:00.000Z",
      "2028-02-28T09:00:00.000Z",
      "2029-02-27T09:00:00.000Z",
    ]);
  });

  it("29 February without a lead falls on 28 February in common years", () => {
    const dates = nextOccurrences(yearly(2, 29), new Date("2027-01-01T00:00:00Z"), 3);
    expect(iso(dates)).toEqual([
      "2027-02-28T09:00:00.000Z",
      "2028-02-29T09:00:00.000Z",
      "2029-02-28T09:00:00.000Z",
    ]);
  });

  it("a lead into the year before: 2 January with 3 days' lead is 30 December", () => {
    const dates = nextOccurrences(yearly(1, 2, { leadDays: 3 }), new Date("2026-12-01T00:00:00Z"), 2);
    expect(iso(dates)).toEqual(["2026-12-30T09:00:00.000Z", "2027-12-30T09:00:00.000Z"]);
  });

  it("a lead that crosses a DST change keeps its wall time (Madrid, clocks forward 29 March 2026)", () => {
    // 3 April at 09:00 CEST; 7 days before is 27 March, still CET: 09:00 local both times.
    const schedule = yearly(4, 3, { leadDays: 7, timezone: "Europe/Madrid" });
    const [lead] = nextOccurrences(schedule, new Date("2026-01-01T00:00:00Z"), 1);
    expect(lead.toISOString()).toBe("2026-03-27T08:00:00.000Z");
    const [day] = nextOccurrences(
      yearly(4, 3, { timezone: "Europe/Madrid" }),
      new Date("2026-01-01T00:00:00Z"),
      1,
    );
    expect(day.toISOString()).toBe("2026-04-03T07:00:00.000Z");
  });

  it("leadDays is checked: yearly only, 1 to 60", () => {
    expect(scheduleProblem(yearly(3, 3, { leadDays: 61 }))).toMatch(/leadDays/);
    expect(scheduleProblem(yearly(3, 3, { leadDays: 0 }))).toMatch(/leadDays/);
    expect(scheduleProblem({ ...yearly(3, 3, { leadDays: 7 }), frequency: "monthly" })).toMatch(/yearly/);
    expect(scheduleProblem(yearly(3, 3, { leadDays: 60 }))).toBeNull();
  });
});
