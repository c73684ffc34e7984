import { afterEach, describe, expect, it, vi } from "vitest";
import { dayLabel, monthTitle, weekTitle, weekdayNames } from "@/lib/calendar/calendar-labels";
import { moveFocus, schedulePeriod, shiftPeriod } from "@/lib/calendar/schedule-period";
import { WEEK_START_FALLBACK, weekStart } from "@/lib/calendar/week-start";
import { formatCivilDate, parseCivilDate } from "@/lib/recurrence/civil-date";
import { scheduleSearchSchema } from "@/lib/validations/calendar";

const day = parseCivilDate;
const keys = (dates: { year: number; month: number; day: number }[]) => dates.map(formatCivilDate);

describe("week start", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is Sunday in English and Monday in Spanish and French, from Intl", () => {
    expect([weekStart("en"), weekStart("es"), weekStart("fr")]).toEqual([7, 1, 1]);
  });

  it("falls back to the table when Intl.Locale has no week information", () => {
    const Plain = class extends Intl.Locale {
      getWeekInfo = undefined;
      weekInfo = undefined;
    };
    vi.spyOn(Intl, "Locale").mockImplementation(function (tag) {
      return new Plain(tag as string);
    });
    expect(WEEK_START_FALLBACK).toEqual({ en: 7, es: 1, fr: 1 });
    expect([weekStart("en"), weekStart("es"), weekStart("fr")]).toEqual([7, 1, 1]);
    vi.spyOn(Intl, "Locale").mockImplementation(function () {
      throw new TypeError("no Intl.Locale");
    });
    expect(weekStart("en")).toBe(7);
  });
});

describe("schedule pages", () => {
  it("shows six whole weeks around a month, from the week start on or before the 1st", () => {
    const monday = schedulePeriod("month", day("2026-11-26"), 1);
    expect(monday.days).toHaveLength(42);
    expect(keys([monday.days[0], monday.days[41]])).toEqual(["2026-10-26", "2026-12-06"]);
    const sunday = schedulePeriod("month", day("2026-11-26"), 7);
    expect(keys([sunday.days[0], sunday.days[41]])).toEqual(["2026-11-01", "2026-12-12"]);
    expect(sunday.month).toEqual({ year: 2026, month: 11 });
  });

  it("shows the week of the day, from its week start", () => {
    expect(keys(schedulePeriod("week", day("2026-11-26"), 1).days)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(keys([schedulePeriod("week", day("2026-11-29"), 7).days[0]])).toEqual(["2026-11-29"]);
  });

  it("steps a month to the same day, or the month's last, and a week by seven days", () => {
    expect(formatCivilDate(shiftPeriod("month", day("2027-03-31"), -1))).toBe("2027-02-28");
    expect(formatCivilDate(shiftPeriod("month", day("2026-12-15"), 1))).toBe("2027-01-15");
    expect(formatCivilDate(shiftPeriod("week", day("2026-12-29"), 1))).toBe("2027-01-05");
  });
});

describe("keyboard moves in the grid", () => {
  const from = day("2026-11-26"); // a Thursday
  const move = (key: string, firstDay: 1 | 7 = 1) => {
    const to = moveFocus(from, key, firstDay);
    return to && formatCivilDate(to);
  };

  it("moves a day, a week, to the week's ends and a month", () => {
    expect(move("ArrowLeft")).toBe("2026-11-25");
    expect(move("ArrowRight")).toBe("2026-11-27");
    expect(move("ArrowUp")).toBe("2026-11-19");
    expect(move("ArrowDown")).toBe("2026-12-03");
    expect(move("Home")).toBe("2026-11-23");
    expect(move("End")).toBe("2026-11-29");
    expect(move("Home", 7)).toBe("2026-11-22");
    expect(move("End", 7)).toBe("2026-11-28");
    expect(move("PageUp")).toBe("2026-10-26");
    expect(move("PageDown")).toBe("2026-12-26");
    expect(formatCivilDate(moveFocus(day("2027-01-31"), "PageDown", 1) ?? day("1970-01-01"))).toBe("2027-02-28");
    expect(move("a")).toBeNull();
  });
});

describe("labels from Intl", () => {
  it("names days with their year only outside the current year", () => {
    expect(dayLabel(day("2026-11-26"), "en", 2026)).toBe("Thursday, November 26");
    expect(dayLabel(day("2027-01-01"), "en", 2026)).toBe("Friday, January 1, 2027");
    expect(dayLabel(day("2026-11-26"), "es", 2026)).toBe("jueves, 26 de noviembre");
    expect(dayLabel(day("2027-01-01"), "fr", 2026)).toBe("vendredi 1 janvier 2027");
  });

  it("titles months and weeks with their year, and names the week's days in grid order", () => {
    expect(monthTitle({ year: 2026, month: 11 }, "fr")).toBe("novembre 2026");
    expect(weekTitle(day("2026-12-28"), day("2027-01-03"), "en")).toBe("Dec 28, 2026\u2009–\u2009Jan 3, 2027");
    const week = schedulePeriod("week", day("2026-11-26"), 7).days;
    expect(weekdayNames(week, "en").map((name) => name.short)).toEqual([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
    ]);
    expect(weekdayNames(schedulePeriod("week", day("2026-11-26"), 1).days, "es")[0].long).toBe("lunes");
  });
});

describe("the Schedule's address", () => {
  it("reads a view and a date, and anything else as the list of today", () => {
    expect(scheduleSearchSchema.parse({ view: "month", date: "2026-10-25" })).toEqual({
      view: "month",
      date: "2026-10-25",
    });
    expect(scheduleSearchSchema.parse({})).toEqual({ view: "list", date: undefined });
    expect(scheduleSearchSchema.parse({ view: "year", date: "2026-02-30" })).toEqual({
      view: "list",
      date: undefined,
    });
    expect(scheduleSearchSchema.parse({ view: ["week", "month"], date: "1850-01-01" })).toEqual({
      view: "list",
      date: undefined,
    });
    expect(scheduleSearchSchema.parse({ view: "week", date: "26/11/2026" }).date).toBeUndefined();
  });
});
