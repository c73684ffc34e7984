import { describe, expect, it } from "vitest";
import {
  firstOccurrence,
  localToUtc,
  nextOccurrence,
  nextOccurrences,
  scheduleProblem,
  type Schedule,
} from "@/lib/recurrence";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const at = (value: string) => new Date(value);

describe("localToUtc: wall times in a zone", () => {
  it.each([
    // [local, zone, expected UTC]
    ["2026-06-15T09:00", "UTC", "2026-06-15T09:00:00.000Z"],
    ["2026-01-15T09:00", "America/New_York", "2026-01-15T14:00:00.000Z"],
    ["2026-07-15T09:00", "America/New_York", "2026-07-15T13:00:00.000Z"],
    // Spring forward 2026-03-08 02:00 EST -> 03:00 EDT: 02:30 does not exist, becomes 03:30 EDT.
    ["2026-03-08T02:30", "America/New_York", "2026-03-08T07:30:00.000Z"],
    ["2026-03-08T02:00", "America/New_York", "2026-03-08T07:00:00.000Z"],
    ["2026-03-08T03:00", "America/New_York", "2026-03-08T07:00:00.000Z"],
    // Fall back 2026-11-01 02:00 EDT -> 01:00 EST: 01:30 happens twice, the first (EDT) wins.
    ["2026-11-01T01:30", "America/New_York", "2026-11-01T05:30:00.000Z"],
    // London: spring forward 2026-03-29 01:00 GMT -> 02:00 BST; fall back 2026-10-25 02:00 -> 01:00.
    ["2026-03-29T01:30", "Europe/London", "2026-03-29T01:30:00.000Z"],
    ["2026-10-25T01:30", "Europe/London", "2026-10-25T00:30:00.000Z"],
    // Sydney: DST ends 2026-04-05 03:00 AEDT -> 02:00 AEST; starts 2026-10-04 02:00 AEST -> 03:00 AEDT.
    ["2026-04-05T02:30", "Australia/Sydney", "2026-04-04T15:30:00.000Z"],
    ["2026-10-04T02:30", "Australia/Sydney", "2026-10-03T16:30:00.000Z"],
    ["2026-01-31T09:00", "Australia/Sydney", "2026-01-30T22:00:00.000Z"],
    ["2026-06-30T09:00", "Australia/Sydney", "2026-06-29T23:00:00.000Z"],
    // No DST.
    ["2026-03-08T02:30", "Asia/Tokyo", "2026-03-07T17:30:00.000Z"],
    ["2026-07-01T00:00", "Pacific/Honolulu", "2026-07-01T10:00:00.000Z"],
  ])("%s in %s is %s", (local, zone, expected) => {
    expect(localToUtc(local, zone).toISOString()).toBe(expected);
  });

  it("refuses an unknown zone and a malformed or impossible local time", () => {
    expect(() => localToUtc("2026-01-01T09:00", "Mars/Olympus")).toThrow(RangeError);
    expect(() => localToUtc("2026-02-30T09:00", "UTC")).toThrow(RangeError);
    expect(() => localToUtc("2026-01-01 09:00", "UTC")).toThrow(RangeError);
    expect(() => localToUtc("2026-01-01T24:00", "UTC")).toThrow(RangeError);
  });
});

describe("once", () => {
  const once: Schedule = {
    scheduleType: "once",
    localDateTime: "2026-12-24T18:30",
    timezone: "Europe/Paris",
  };

  it("is the local time as UTC when still ahead", () => {
    expect(firstOccurrence(once, at("2026-12-01T00:00:00Z"))?.toISOString()).toBe("2026-12-24T17:30:00.000Z");
  });

  it("is null when not strictly in the future, or already sent", () => {
    expect(firstOccurrence(once, at("2026-12-24T17:30:00Z"))).toBeNull();
    expect(firstOccurrence(once, at("2026-12-25T00:00:00Z"))).toBeNull();
    expect(nextOccurrence(once, at("2026-12-01T00:00:00Z"), 1)).toBeNull();
  });

  it("gives at most one occurrence", () => {
    expect(nextOccurrences(once, at("2026-01-01T00:00:00Z"), 5)).toHaveLength(1);
  });
});

type Case = [label: string, schedule: Omit<Schedule, "scheduleType">, after: string, expected: string[]];

const recurringCases: Case[] = [
  [
    "daily at 09:00 in Tokyo",
    { frequency: "daily", time: "09:00", timezone: "Asia/Tokyo" },
    "2026-05-01T00:00:00Z", // 09:00 Tokyo on May 1 exactly: not strictly after
    ["2026-05-02T00:00:00.000Z", "2026-05-03T00:00:00.000Z", "2026-05-04T00:00:00.000Z"],
  ],
  [
    "daily across New York's spring-forward night at 02:30",
    { frequency: "daily", time: "02:30", timezone: "America/New_York" },
    "2026-03-07T00:00:00Z",
    ["2026-03-07T07:30:00.000Z", "2026-03-08T07:30:00.000Z", "2026-03-09T06:30:00.000Z"],
  ],
  [
    "daily across New York's fall-back night at 01:30 (first instant)",
    { frequency: "daily", time: "01:30", timezone: "America/New_York" },
    "2026-10-31T12:00:00Z",
    ["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"],
  ],
  [
    "daily across London's spring-forward night at 01:15",
    { frequency: "daily", time: "01:15", timezone: "Europe/London" },
    "2026-03-28T12:00:00Z",
    ["2026-03-29T01:15:00.000Z", "2026-03-30T00:15:00.000Z"],
  ],
  [
    "daily across Sydney's DST start at 02:30",
    { frequency: "daily", time: "02:30", timezone: "Australia/Sydney" },
    "2026-10-02T12:00:00Z",
    ["2026-10-02T16:30:00.000Z", "2026-10-03T16:30:00.000Z", "2026-10-04T15:30:00.000Z"],
  ],
  [
    "weekly Mon, Wed, Fri at 18:00 in Honolulu",
    { frequency: "weekly", days: ["Mon", "Wed", "Fri"], time: "18:00", timezone: "Pacific/Honolulu" },
    "2026-06-01T00:00:00Z", // Sunday May 31 14:00 local
    [
      "2026-06-02T04:00:00.000Z", // Mon Jun 1 18:00
      "2026-06-04T04:00:00.000Z", // Wed
      "2026-06-06T04:00:00.000Z", // Fri
      "2026-06-09T04:00:00.000Z", // Mon
    ],
  ],
  [
    "weekly on Sunday only in UTC",
    { frequency: "weekly", days: ["Sun"], time: "07:00", timezone: "UTC" },
    "2026-01-01T00:00:00Z",
    ["2026-01-04T07:00:00.000Z", "2026-01-11T07:00:00.000Z"],
  ],
  [
    "monthly on the 31st in Sydney (the issue's done-when case)",
    { frequency: "monthly", dayOfMonth: 31, time: "09:00", timezone: "Australia/Sydney" },
    "2026-01-15T00:00:00Z",
    [
      "2026-01-30T22:00:00.000Z", // Jan 31 09:00 AEDT
      "2026-02-27T22:00:00.000Z", // Feb 28 09:00 AEDT
      "2026-03-30T22:00:00.000Z", // Mar 31 09:00 AEDT
      "2026-04-29T23:00:00.000Z", // Apr 30 09:00 AEST
      "2026-05-30T23:00:00.000Z", // May 31
      "2026-06-29T23:00:00.000Z", // Jun 30
    ],
  ],
  [
    "monthly on the 30th through a leap February",
    { frequency: "monthly", dayOfMonth: 30, time: "12:00", timezone: "UTC" },
    "2028-01-31T00:00:00Z",
    ["2028-02-29T12:00:00.000Z", "2028-03-30T12:00:00.000Z"],
  ],
  [
    "monthly on the 1st at midnight in London",
    { frequency: "monthly", dayOfMonth: 1, time: "00:00", timezone: "Europe/London" },
    "2026-03-15T00:00:00Z",
    ["2026-03-31T23:00:00.000Z", "2026-04-30T23:00:00.000Z"],
  ],
  [
    "yearly on 29 February falls on the 28th in common years",
    { frequency: "yearly", month: 2, dayOfMonth: 29, time: "08:00", timezone: "UTC" },
    "2026-01-01T00:00:00Z",
    [
      "2026-02-28T08:00:00.000Z",
      "2027-02-28T08:00:00.000Z",
      "2028-02-29T08:00:00.000Z",
      "2029-02-28T08:00:00.000Z",
    ],
  ],
  [
    "yearly on 31 April is 30 April",
    { frequency: "yearly", month: 4, dayOfMonth: 31, time: "10:00", timezone: "Asia/Tokyo" },
    "2026-05-01T00:00:00Z",
    ["2027-04-30T01:00:00.000Z"],
  ],
  [
    "yearly on a New York spring-forward day at 02:30",
    { frequency: "yearly", month: 3, dayOfMonth: 8, time: "02:30", timezone: "America/New_York" },
    "2026-01-01T00:00:00Z",
    ["2026-03-08T07:30:00.000Z", "2027-03-08T07:30:00.000Z"], // 2027-03-08 is before that year's change (Mar 14): EST,
  ],
];

describe.each(recurringCases)("recurring: %s", (_label, rest, after, expected) => {
  it("lists the expected occurrences", () => {
    const schedule: Schedule = { scheduleType: "recurring", ...rest };
    expect(iso(nextOccurrences(schedule, at(after), expected.length))).toEqual(expected);
  });
});

describe("end conditions", () => {
  const daily: Schedule = { scheduleType: "recurring", frequency: "daily", time: "09:00", timezone: "UTC" };

  it("'after N' gives N in total, counting those already sent", () => {
    const schedule: Schedule = { ...daily, endCondition: "after", endAfterCount: 3 };
    const now = at("2026-01-01T00:00:00Z");
    expect(nextOccurrences(schedule, now, 10)).toHaveLength(3);
    expect(nextOccurrences(schedule, now, 10, 2)).toHaveLength(1);
    expect(nextOccurrence(schedule, now, 3)).toBeNull();
    expect(nextOccurrence(schedule, now, 7)).toBeNull();
  });

  it("'by' includes the whole local end day, not the next", () => {
    const schedule: Schedule = {
      ...daily,
      time: "23:30",
      timezone: "America/New_York",
      endCondition: "by",
      endByDate: "2026-01-03",
    };
    expect(iso(nextOccurrences(schedule, at("2026-01-01T12:00:00Z"), 10))).toEqual([
      "2026-01-02T04:30:00.000Z",
      "2026-01-03T04:30:00.000Z",
      "2026-01-04T04:30:00.000Z", // Jan 3 23:30 local: still the end day
    ]);
  });

  it("'by' a date already past gives nothing", () => {
    const schedule: Schedule = { ...daily, endCondition: "by", endByDate: "2025-12-31" };
    expect(firstOccurrence(schedule, at("2026-01-01T00:00:00Z"))).toBeNull();
  });

  it("'never' and absent keep going", () => {
    expect(
      nextOccurrences({ ...daily, endCondition: "never" }, at("2026-01-01T00:00:00Z"), 400),
    ).toHaveLength(400);
  });
});

describe("scheduleProblem", () => {
  it.each<[string, Schedule, RegExp]>([
    [
      "unknown zone",
      { scheduleType: "once", localDateTime: "2026-01-01T09:00", timezone: "Nope/Zone" },
      /time zone/,
    ],
    ["once without a time", { scheduleType: "once", timezone: "UTC" }, /localDateTime/],
    [
      "weekly without days",
      { scheduleType: "recurring", frequency: "weekly", days: [], timezone: "UTC" },
      /at least one day/,
    ],
    [
      "monthly day 32",
      { scheduleType: "recurring", frequency: "monthly", dayOfMonth: 32, timezone: "UTC" },
      /dayOfMonth/,
    ],
    [
      "yearly month 13",
      { scheduleType: "recurring", frequency: "yearly", month: 13, dayOfMonth: 1, timezone: "UTC" },
      /month/,
    ],
    [
      "after 0",
      {
        scheduleType: "recurring",
        frequency: "daily",
        endCondition: "after",
        endAfterCount: 0,
        timezone: "UTC",
      },
      /endAfterCount/,
    ],
    [
      "by without date",
      { scheduleType: "recurring", frequency: "daily", endCondition: "by", timezone: "UTC" },
      /endByDate/,
    ],
    ["bad time", { scheduleType: "recurring", frequency: "daily", time: "25:00", timezone: "UTC" }, /time/],
  ])("names the problem: %s", (_label, schedule, message) => {
    expect(scheduleProblem(schedule)).toMatch(message);
    expect(() => nextOccurrence(schedule, new Date())).toThrow(RangeError);
  });

  it("accepts a complete schedule", () => {
    expect(
      scheduleProblem({
        scheduleType: "recurring",
        frequency: "yearly",
        month: 2,
        dayOfMonth: 31,
        timezone: "UTC",
      }),
    ).toBeNull();
  });
});
