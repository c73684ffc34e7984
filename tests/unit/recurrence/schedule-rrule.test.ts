import { describe, expect, it } from "vitest";
import { nextOccurrences, scheduleRrule, type Schedule } from "@/lib/recurrence";

const at = (value: string) => new Date(value);
const recurring = (rest: Omit<Schedule, "scheduleType">): Schedule => ({
  scheduleType: "recurring",
  ...rest,
});

describe("scheduleRrule: the RFC 5545 lines of each kind of schedule", () => {
  it.each<[string, Schedule, string, string, string]>([
    [
      "every 2 weeks on Tuesday",
      recurring({
        frequency: "weekly",
        interval: 2,
        days: ["Tue"],
        anchorDate: "2026-04-07",
        time: "19:00",
        timezone: "Europe/Paris",
      }),
      "2026-04-07T17:00:00Z",
      "DTSTART;TZID=Europe/Paris:20260407T190000",
      "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;WKST=MO",
    ],
    [
      "every weekday, days in week order",
      recurring({
        frequency: "weekly",
        days: ["Fri", "Mon", "Wed", "Tue", "Thu"],
        time: "08:15",
        timezone: "America/New_York",
      }),
      "2026-03-16T12:15:00Z",
      "DTSTART;TZID=America/New_York:20260316T081500",
      "RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    ],
    [
      "every 3 days",
      recurring({
        frequency: "daily",
        interval: 3,
        anchorDate: "2026-03-13",
        time: "08:00",
        timezone: "UTC",
      }),
      "2026-03-13T08:00:00Z",
      "DTSTART:20260313T080000Z",
      "RRULE:FREQ=DAILY;INTERVAL=3",
    ],
    [
      "monthly on the 15th",
      recurring({ frequency: "monthly", dayOfMonth: 15, time: "09:00", timezone: "Asia/Kolkata" }),
      "2026-03-15T03:30:00Z",
      "DTSTART;TZID=Asia/Kolkata:20260315T090000",
      "RRULE:FREQ=MONTHLY;BYMONTHDAY=15",
    ],
    [
      "every 3 months on the 31st: the month's last day",
      recurring({
        frequency: "monthly",
        interval: 3,
        dayOfMonth: 31,
        anchorDate: "2026-01-31",
        time: "09:00",
        timezone: "UTC",
      }),
      "2026-01-31T09:00:00Z",
      "DTSTART:20260131T090000Z",
      "RRULE:FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1",
    ],
    [
      "monthly on the 29th",
      recurring({ frequency: "monthly", dayOfMonth: 29, time: "09:00", timezone: "UTC" }),
      "2026-03-29T09:00:00Z",
      "DTSTART:20260329T090000Z",
      "RRULE:FREQ=MONTHLY;BYMONTHDAY=28,29;BYSETPOS=-1",
    ],
    [
      "the last Friday of every month",
      recurring({
        frequency: "monthly",
        nthWeekday: -1,
        days: ["Fri"],
        time: "12:00",
        timezone: "Australia/Sydney",
      }),
      "2026-05-29T02:00:00Z",
      "DTSTART;TZID=Australia/Sydney:20260529T120000",
      "RRULE:FREQ=MONTHLY;BYDAY=-1FR",
    ],
    [
      "the first Sunday of every other month",
      recurring({
        frequency: "monthly",
        interval: 2,
        nthWeekday: 1,
        days: ["Sun"],
        anchorDate: "2026-04-01",
        time: "12:00",
        timezone: "UTC",
      }),
      "2026-04-05T12:00:00Z",
      "DTSTART:20260405T120000Z",
      "RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU",
    ],
    [
      "the second Sunday of May every year",
      recurring({
        frequency: "yearly",
        month: 5,
        nthWeekday: 2,
        days: ["Sun"],
        time: "10:00",
        timezone: "UTC",
      }),
      "2026-05-10T10:00:00Z",
      "DTSTART:20260510T100000Z",
      "RRULE:FREQ=YEARLY;BYMONTH=5;BYDAY=2SU",
    ],
    [
      "29 February every year: 28 February in common years",
      recurring({ frequency: "yearly", month: 2, dayOfMonth: 29, time: "08:00", timezone: "UTC" }),
      "2026-02-28T08:00:00Z",
      "DTSTART:20260228T080000Z",
      "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
    ],
    [
      "31 April every 2 years: 30 April",
      recurring({
        frequency: "yearly",
        interval: 2,
        month: 4,
        dayOfMonth: 31,
        anchorDate: "2026-01-01",
        time: "08:00",
        timezone: "UTC",
      }),
      "2026-04-30T08:00:00Z",
      "DTSTART:20260430T080000Z",
      "RRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=4;BYMONTHDAY=-1",
    ],
    [
      "a lead reminder whose day never moves: 3 days before 10 June",
      recurring({
        frequency: "yearly",
        month: 6,
        dayOfMonth: 10,
        leadDays: 3,
        time: "09:00",
        timezone: "UTC",
      }),
      "2026-06-07T09:00:00Z",
      "DTSTART:20260607T090000Z",
      "RRULE:FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=7",
    ],
    [
      "a lead reminder on February's last day: 1 day before 1 March",
      recurring({
        frequency: "yearly",
        month: 3,
        dayOfMonth: 1,
        leadDays: 1,
        time: "09:00",
        timezone: "UTC",
      }),
      "2026-02-28T09:00:00Z",
      "DTSTART:20260228T090000Z",
      "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
    ],
    [
      "after 10, 3 already delivered: COUNT of what is left",
      recurring({
        frequency: "daily",
        time: "09:00",
        timezone: "UTC",
        endCondition: "after",
        endAfterCount: 10,
      }),
      "2026-03-13T09:00:00Z",
      "DTSTART:20260313T090000Z",
      "RRULE:FREQ=DAILY;COUNT=7",
    ],
    [
      "by a date: UNTIL is that day's occurrence, in UTC",
      recurring({
        frequency: "weekly",
        days: ["Mon"],
        time: "18:00",
        timezone: "America/New_York",
        endCondition: "by",
        endByDate: "2026-06-29",
      }),
      "2026-03-16T22:00:00Z",
      "DTSTART;TZID=America/New_York:20260316T180000",
      "RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20260629T220000Z",
    ],
    [
      "a DTSTART in a skipped hour keeps the rule's wall time (New York, 8 March 2026)",
      recurring({
        frequency: "monthly",
        nthWeekday: 2,
        days: ["Sun"],
        time: "02:30",
        timezone: "America/New_York",
      }),
      "2026-03-08T07:30:00Z",
      "DTSTART;TZID=America/New_York:20260308T023000",
      "RRULE:FREQ=MONTHLY;BYDAY=2SU",
    ],
    [
      "a DTSTART pushed past midnight by a gap stays on the rule's day (Nuuk, 28 March 2026)",
      recurring({ frequency: "weekly", days: ["Sat"], time: "23:30", timezone: "America/Nuuk" }),
      "2026-03-29T01:30:00Z",
      "DTSTART;TZID=America/Nuuk:20260328T233000",
      "RRULE:FREQ=WEEKLY;BYDAY=SA",
    ],
  ])("%s", (_label, schedule, first, dtstart, rrule) => {
    const sent = schedule.endCondition === "after" ? 3 : 0;
    expect(scheduleRrule(schedule, at(first), sent)).toEqual({ dtstart, rrule });
  });

  it("has no rule for a one-time schedule, nothing left to list, or a lead the leap day moves", () => {
    expect(
      scheduleRrule(
        { scheduleType: "once", localDateTime: "2026-04-01T09:00", timezone: "UTC" },
        at("2026-04-01T09:00:00Z"),
      ),
    ).toBeNull();
    const afterTwo = recurring({
      frequency: "daily",
      time: "09:00",
      timezone: "UTC",
      endCondition: "after",
      endAfterCount: 2,
    });
    expect(scheduleRrule(afterTwo, at("2026-03-13T09:00:00Z"), 2)).toBeNull();
    const byPast = recurring({
      frequency: "daily",
      time: "09:00",
      timezone: "UTC",
      endCondition: "by",
      endByDate: "2026-03-12",
    });
    expect(scheduleRrule(byPast, at("2026-03-13T09:00:00Z"))).toBeNull();
    // 7 days before 1 March is 22 February, 23 February in a leap year.
    const lead = recurring({
      frequency: "yearly",
      month: 3,
      dayOfMonth: 1,
      leadDays: 7,
      time: "09:00",
      timezone: "UTC",
    });
    expect(nextOccurrences(lead, at("2026-01-01T00:00:00Z"), 1)[0].toISOString()).toBe(
      "2026-02-22T09:00:00.000Z",
    );
    expect(scheduleRrule(lead, at("2026-02-22T09:00:00Z"))).toBeNull();
  });

  it("refuses a start that is not one of the schedule's occurrences", () => {
    const weekly = recurring({
      frequency: "weekly",
      interval: 2,
      days: ["Tue"],
      anchorDate: "2026-04-07",
      time: "19:00",
      timezone: "Europe/Paris",
    });
    expect(() => scheduleRrule(weekly, at("2026-04-14T17:00:00Z"))).toThrow(RangeError); // the week skipped
    expect(() => scheduleRrule(weekly, at("2026-04-07T17:01:00Z"))).toThrow(RangeError); // not the time
    expect(() => scheduleRrule({ ...weekly, interval: 0 }, at("2026-04-07T17:00:00Z"))).toThrow(RangeError);
  });
});
