import { describe, expect, it } from "vitest";
import {
  anchoredSchedule,
  firstOccurrence,
  nextOccurrences,
  nthWeekdayDate,
  scheduleProblem,
  type Schedule,
} from "@/lib/recurrence";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const at = (value: string) => new Date(value);

type Case = [label: string, schedule: Omit<Schedule, "scheduleType">, after: string, expected: string[]];

const cases: Case[] = [
  [
    "every 2 weeks on Tuesday at 19:00 in Madrid, across the spring change",
    {
      frequency: "weekly",
      interval: 2,
      days: ["Tue"],
      anchorDate: "2026-03-10",
      time: "19:00",
      timezone: "Europe/Madrid",
    },
    "2026-03-01T00:00:00Z",
    [
      "2026-03-10T18:00:00.000Z",
      "2026-03-24T18:00:00.000Z",
      "2026-04-07T17:00:00.000Z",
      "2026-04-21T17:00:00.000Z",
    ],
  ],
  [
    "every 2 weeks on Monday and Thursday from a Wednesday: that week's Monday is before the start",
    {
      frequency: "weekly",
      interval: 2,
      days: ["Mon", "Thu"],
      anchorDate: "2026-03-11",
      time: "09:00",
      timezone: "UTC",
    },
    "2026-03-01T00:00:00Z",
    [
      "2026-03-12T09:00:00.000Z",
      "2026-03-23T09:00:00.000Z",
      "2026-03-26T09:00:00.000Z",
      "2026-04-06T09:00:00.000Z",
    ],
  ],
  [
    "every 2 weeks asked in a week the interval skips",
    {
      frequency: "weekly",
      interval: 2,
      days: ["Tue"],
      anchorDate: "2026-03-10",
      time: "19:00",
      timezone: "Europe/Madrid",
    },
    "2026-03-16T00:00:00Z",
    ["2026-03-24T18:00:00.000Z"],
  ],
  [
    "every 3 days from a Friday",
    { frequency: "daily", interval: 3, anchorDate: "2026-03-13", time: "08:00", timezone: "UTC" },
    "2026-03-17T00:00:00Z",
    ["2026-03-19T08:00:00.000Z", "2026-03-22T08:00:00.000Z", "2026-03-25T08:00:00.000Z"],
  ],
  [
    "every 2 days at 02:30 through New York's spring-forward night (moved by the gap)",
    {
      frequency: "daily",
      interval: 2,
      anchorDate: "2026-03-06",
      time: "02:30",
      timezone: "America/New_York",
    },
    "2026-03-01T00:00:00Z",
    ["2026-03-06T07:30:00.000Z", "2026-03-08T07:30:00.000Z", "2026-03-10T06:30:00.000Z"],
  ],
  [
    "every 3 months on the 31st: the month's last day where it has none",
    {
      frequency: "monthly",
      interval: 3,
      dayOfMonth: 31,
      anchorDate: "2026-01-31",
      time: "09:00",
      timezone: "UTC",
    },
    "2026-01-01T00:00:00Z",
    [
      "2026-01-31T09:00:00.000Z",
      "2026-04-30T09:00:00.000Z",
      "2026-07-31T09:00:00.000Z",
      "2026-10-31T09:00:00.000Z",
      "2027-01-31T09:00:00.000Z",
    ],
  ],
  [
    "the last Friday of every month in Sydney (May and July 2026 have five Fridays)",
    { frequency: "monthly", nthWeekday: -1, days: ["Fri"], time: "12:00", timezone: "Australia/Sydney" },
    "2026-05-01T00:00:00Z",
    ["2026-05-29T02:00:00.000Z", "2026-06-26T02:00:00.000Z", "2026-07-31T02:00:00.000Z"],
  ],
  [
    "the first Sunday of every month at 01:30 in New York: the repeated hour is the first",
    { frequency: "monthly", nthWeekday: 1, days: ["Sun"], time: "01:30", timezone: "America/New_York" },
    "2026-10-01T00:00:00Z",
    ["2026-10-04T05:30:00.000Z", "2026-11-01T05:30:00.000Z", "2026-12-06T06:30:00.000Z"],
  ],
  [
    "the second Sunday of every month at 02:30 in New York: the skipped hour moves by the gap",
    { frequency: "monthly", nthWeekday: 2, days: ["Sun"], time: "02:30", timezone: "America/New_York" },
    "2026-02-20T00:00:00Z",
    ["2026-03-08T07:30:00.000Z", "2026-04-12T06:30:00.000Z"],
  ],
  [
    "the first Saturday of every other month",
    {
      frequency: "monthly",
      interval: 2,
      nthWeekday: 1,
      days: ["Sat"],
      anchorDate: "2026-03-07",
      time: "11:00",
      timezone: "UTC",
    },
    "2026-03-01T00:00:00Z",
    [
      "2026-03-07T11:00:00.000Z",
      "2026-05-02T11:00:00.000Z",
      "2026-07-04T11:00:00.000Z",
      "2026-09-05T11:00:00.000Z",
    ],
  ],
  [
    "the fourth Thursday of November every year",
    { frequency: "yearly", month: 11, nthWeekday: 4, days: ["Thu"], time: "10:00", timezone: "UTC" },
    "2026-01-01T00:00:00Z",
    ["2026-11-26T10:00:00.000Z", "2027-11-25T10:00:00.000Z", "2028-11-23T10:00:00.000Z"],
  ],
  [
    "the second Sunday of May every year",
    { frequency: "yearly", month: 5, nthWeekday: 2, days: ["Sun"], time: "10:00", timezone: "UTC" },
    "2026-01-01T00:00:00Z",
    ["2026-05-10T10:00:00.000Z", "2027-05-09T10:00:00.000Z", "2028-05-14T10:00:00.000Z"],
  ],
  [
    "29 February every 2 years: 28 February in a common year",
    {
      frequency: "yearly",
      interval: 2,
      month: 2,
      dayOfMonth: 29,
      anchorDate: "2028-02-29",
      time: "08:00",
      timezone: "UTC",
    },
    "2026-01-01T00:00:00Z",
    ["2028-02-29T08:00:00.000Z", "2030-02-28T08:00:00.000Z", "2032-02-29T08:00:00.000Z"],
  ],
  [
    "nothing before the anchor, even with an interval of 1",
    { frequency: "weekly", days: ["Sun"], anchorDate: "2026-04-05", time: "09:00", timezone: "UTC" },
    "2026-03-01T00:00:00Z",
    ["2026-04-05T09:00:00.000Z", "2026-04-12T09:00:00.000Z"],
  ],
  [
    "every weekday is weekly Monday to Friday",
    { frequency: "weekly", days: ["Mon", "Tue", "Wed", "Thu", "Fri"], time: "08:15", timezone: "UTC" },
    "2026-03-13T12:00:00Z",
    ["2026-03-16T08:15:00.000Z", "2026-03-17T08:15:00.000Z"],
  ],
  [
    "every 2 weeks with 'after 3'",
    {
      frequency: "weekly",
      interval: 2,
      days: ["Mon"],
      anchorDate: "2026-03-09",
      endCondition: "after",
      endAfterCount: 3,
      time: "09:00",
      timezone: "UTC",
    },
    "2026-03-01T00:00:00Z",
    ["2026-03-09T09:00:00.000Z", "2026-03-23T09:00:00.000Z", "2026-04-06T09:00:00.000Z"],
  ],
  [
    "every 2 months 'by' a date: that whole day included",
    {
      frequency: "monthly",
      interval: 2,
      dayOfMonth: 15,
      anchorDate: "2026-01-15",
      endCondition: "by",
      endByDate: "2026-05-15",
      time: "23:00",
      timezone: "UTC",
    },
    "2026-01-01T00:00:00Z",
    ["2026-01-15T23:00:00.000Z", "2026-03-15T23:00:00.000Z", "2026-05-15T23:00:00.000Z"],
  ],
];

describe.each(cases)("repeats: %s", (_label, rest, after, expected) => {
  it("lists the expected occurrences", () => {
    const schedule: Schedule = { scheduleType: "recurring", ...rest };
    expect(iso(nextOccurrences(schedule, at(after), expected.length))).toEqual(expected);
  });
});

describe("nthWeekdayDate", () => {
  it.each([
    // [year, month, weekday (0 = Monday), nth, day]
    [2026, 5, 4, -1, 29], // five Fridays: the fifth
    [2026, 6, 4, -1, 26], // four Fridays: the fourth
    [2026, 3, 6, 1, 1], // the month starts on a Sunday
    [2026, 2, 6, 4, 22], // February 2026: four whole weeks
    [2028, 2, 1, -1, 29], // a leap February that ends on a Tuesday
    [2026, 8, 0, 1, 3],
  ] as const)("%i-%i weekday %i nth %i is day %i", (year, month, weekday, nth, day) => {
    expect(nthWeekdayDate(year, month, weekday, nth)).toEqual({ year, month, day });
  });
});

describe("anchoredSchedule: a new schedule starts at its first occurrence", () => {
  const fortnightly: Schedule = {
    scheduleType: "recurring",
    frequency: "weekly",
    interval: 2,
    days: ["Tue"],
    time: "19:00",
    timezone: "Europe/Madrid",
  };

  it.each([
    ["on the Tuesday itself, before the time", "2026-03-10T09:00:00Z", "2026-03-10"],
    ["on the Tuesday, after the time", "2026-03-10T19:00:00Z", "2026-03-17"],
    ["on a Thursday: the next Tuesday, not the one after", "2026-03-12T09:00:00Z", "2026-03-17"],
  ])("%s", (_label, now, anchorDate) => {
    const anchored = anchoredSchedule(fortnightly, at(now));
    expect(anchored.anchorDate).toBe(anchorDate);
    expect(firstOccurrence(anchored, at(now))?.toISOString().slice(0, 10)).toBe(anchorDate);
  });

  it("keeps the rule's day when a DST gap pushes the wall time past midnight (Nuuk, 28 March 2026)", () => {
    // 23:00-23:59 on Saturday 28 March does not exist in America/Nuuk: 23:30 is 00:30 on Sunday.
    const saturdays: Schedule = {
      scheduleType: "recurring",
      frequency: "weekly",
      interval: 2,
      days: ["Sat"],
      time: "23:30",
      timezone: "America/Nuuk",
    };
    const anchored = anchoredSchedule(saturdays, at("2026-03-25T12:00:00Z"));
    expect(anchored.anchorDate).toBe("2026-03-28");
    expect(iso(nextOccurrences(anchored, at("2026-03-25T12:00:00Z"), 2))).toEqual([
      "2026-03-29T01:30:00.000Z",
      "2026-04-12T00:30:00.000Z",
    ]);
  });

  it("leaves an anchored, one-time or every-period schedule as it is, and anchors one that no longer occurs on today", () => {
    const anchored = { ...fortnightly, anchorDate: "2026-01-06" };
    expect(anchoredSchedule(anchored, at("2026-03-12T09:00:00Z"))).toBe(anchored);
    const once: Schedule = { scheduleType: "once", localDateTime: "2026-04-01T09:00", timezone: "UTC" };
    expect(anchoredSchedule(once, at("2026-03-12T09:00:00Z"))).toBe(once);
    // Every week counts: no start is needed, and none is stored (as before intervals).
    const weekly = { ...fortnightly, interval: undefined };
    expect(anchoredSchedule(weekly, at("2026-03-12T09:00:00Z"))).toBe(weekly);
    expect(anchoredSchedule({ ...fortnightly, interval: 1 }, at("2026-03-12T09:00:00Z")).anchorDate).toBeUndefined();
    const ended = anchoredSchedule(
      { ...fortnightly, endCondition: "by", endByDate: "2026-01-01" },
      at("2026-03-12T09:00:00Z"),
    );
    expect(ended.anchorDate).toBe("2026-03-12");
    expect(firstOccurrence(ended, at("2026-03-12T09:00:00Z"))).toBeNull();
  });
});

describe("an interval of 1 and no anchor keep today's meaning", () => {
  const schedules: Schedule[] = [
    { scheduleType: "recurring", frequency: "daily", time: "02:30", timezone: "America/New_York" },
    {
      scheduleType: "recurring",
      frequency: "weekly",
      days: ["Mon", "Fri"],
      time: "09:00",
      timezone: "Asia/Kolkata",
    },
    {
      scheduleType: "recurring",
      frequency: "monthly",
      dayOfMonth: 31,
      time: "00:00",
      timezone: "Australia/Sydney",
    },
    {
      scheduleType: "recurring",
      frequency: "yearly",
      month: 2,
      dayOfMonth: 29,
      leadDays: 7,
      time: "08:00",
      timezone: "UTC",
    },
  ];
  it.each(schedules.map((s) => [s.frequency, s] as const))(
    "%s: interval 1 is no interval",
    (_f, schedule) => {
      const after = at("2026-01-01T00:00:00Z");
      expect(nextOccurrences({ ...schedule, interval: 1 }, after, 40)).toEqual(
        nextOccurrences(schedule, after, 40),
      );
    },
  );

  it("a monthly schedule's stored weekdays mean nothing without nthWeekday", () => {
    const monthly: Schedule = {
      scheduleType: "recurring",
      frequency: "monthly",
      dayOfMonth: 5,
      time: "09:00",
      timezone: "UTC",
    };
    const after = at("2026-01-01T00:00:00Z");
    expect(nextOccurrences({ ...monthly, days: ["Fri"] }, after, 12)).toEqual(
      nextOccurrences(monthly, after, 12),
    );
  });
});

describe("scheduleProblem: the new fields", () => {
  const base = { scheduleType: "recurring", timezone: "UTC", time: "09:00" } as const;
  it.each<[string, Schedule, RegExp]>([
    ["interval 0", { ...base, frequency: "daily", interval: 0, anchorDate: "2026-01-01" }, /interval/],
    [
      "interval above the maximum",
      { ...base, frequency: "daily", interval: 366, anchorDate: "2026-01-01" },
      /interval/,
    ],
    [
      "interval not whole",
      { ...base, frequency: "daily", interval: 1.5, anchorDate: "2026-01-01" },
      /interval/,
    ],
    ["interval without anchor", { ...base, frequency: "weekly", interval: 2, days: ["Tue"] }, /anchorDate/],
    ["anchor not a date", { ...base, frequency: "daily", anchorDate: "2026-02-30" }, /anchorDate/],
    ["nth 5", { ...base, frequency: "monthly", nthWeekday: 5 as never, days: ["Fri"] }, /nthWeekday/],
    ["nth without weekday", { ...base, frequency: "monthly", nthWeekday: -1 }, /at least one day/],
    [
      "nth with two weekdays",
      { ...base, frequency: "monthly", nthWeekday: 1, days: ["Mon", "Fri"] },
      /exactly one/,
    ],
    ["yearly nth without month", { ...base, frequency: "yearly", nthWeekday: 2, days: ["Sun"] }, /month/],
    [
      "a lead on an interval",
      {
        ...base,
        frequency: "yearly",
        month: 3,
        dayOfMonth: 1,
        leadDays: 7,
        interval: 2,
        anchorDate: "2026-02-22",
      },
      /leadDays/,
    ],
    [
      "a lead on an nth weekday",
      { ...base, frequency: "yearly", month: 5, nthWeekday: 2, days: ["Sun"], leadDays: 3 },
      /leadDays/,
    ],
  ])("names the problem: %s", (_label, schedule, message) => {
    expect(scheduleProblem(schedule)).toMatch(message);
  });

  it("accepts each new kind, and ignores nthWeekday where it does not apply", () => {
    expect(scheduleProblem({ ...base, frequency: "monthly", nthWeekday: -1, days: ["Fri"] })).toBeNull();
    expect(
      scheduleProblem({ ...base, frequency: "yearly", month: 5, nthWeekday: 2, days: ["Sun"] }),
    ).toBeNull();
    expect(
      scheduleProblem({ ...base, frequency: "daily", interval: 365, anchorDate: "2026-01-01" }),
    ).toBeNull();
    expect(scheduleProblem({ ...base, frequency: "daily", nthWeekday: 9 as never })).toBeNull();
  });
});
