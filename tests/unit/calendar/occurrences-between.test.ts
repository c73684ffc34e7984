import { describe, expect, it } from "vitest";
import { occurrencesBetween, type ExpandableReminder } from "@/lib/calendar/occurrences-between";

function recurring(id: string, nextRunAt: string, extra: Partial<ExpandableReminder> = {}): ExpandableReminder {
  return {
    id,
    scheduleType: "recurring",
    scheduledFor: new Date(nextRunAt),
    frequency: "daily",
    time: "09:00",
    days: null,
    dayOfMonth: null,
    month: null,
    endCondition: "never",
    endAfterCount: null,
    endByDate: null,
    timezone: "Europe/Madrid",
    leadDays: null,
    repeatInterval: null,
    anchorDate: null,
    nthWeekday: null,
    nextRunAt: new Date(nextRunAt),
    occurrencesSent: 0,
    ...extra,
  };
}

const CAPS = { perReminder: 10_000, total: 10_000 };
const shown = (list: { reminder: ExpandableReminder; at: Date }[]) =>
  list.map(({ reminder, at }) => `${reminder.id}@${at.toISOString()}`);

/** Every occurrence from the next run to `to`, stepped one by one, then cut at `from`. */
function stepped(rows: ExpandableReminder[], from: Date, to: Date) {
  return shown(occurrencesBetween(rows, { from: null, to }, CAPS).filter(({ at }) => at >= from));
}

describe("occurrencesBetween with a start", () => {
  const rows = [
    recurring("daily", "2026-01-05T08:00:00Z"),
    recurring("weekly-by", "2026-01-04T17:00:00Z", {
      frequency: "weekly",
      time: "18:00",
      days: ["Sun", "Wed"],
      endCondition: "by",
      endByDate: "2026-11-30",
    }),
    recurring("monthly-31", "2026-01-31T08:00:00Z", { frequency: "monthly", dayOfMonth: 31 }),
    recurring("after-20", "2026-01-05T08:00:00Z", {
      frequency: "weekly",
      days: ["Mon"],
      endCondition: "after",
      endAfterCount: 20,
      occurrencesSent: 3,
    }),
    recurring("yearly-lead", "2026-02-22T08:00:00Z", {
      frequency: "yearly",
      month: 3,
      dayOfMonth: 1,
      leadDays: 7,
    }),
  ];

  it("finds what stepping from each next run finds, across the October clock change", () => {
    const from = new Date("2026-09-27T22:00:00Z");
    const to = new Date("2026-11-08T23:00:00Z");
    const range = shown(occurrencesBetween(rows, { from, to }, CAPS));
    expect(range).toEqual(stepped(rows, from, to));
    // Six weeks from Monday 28 September to Sunday 8 November, Madrid time.
    expect(range.filter((item) => item.startsWith("daily@"))).toHaveLength(42);
    // 'after 20' with 3 sent: 17 Mondays from 5 January, the last on 27 April, none in autumn.
    expect(range.filter((item) => item.startsWith("after-20@"))).toEqual([]);
    expect(range).toContain("weekly-by@2026-10-25T17:00:00.000Z");
    expect(range).toContain("weekly-by@2026-10-18T16:00:00.000Z");
    expect(range).toContain("monthly-31@2026-09-30T07:00:00.000Z");
    expect(range).toContain("monthly-31@2026-10-31T08:00:00.000Z");
  });

  it("counts 'after N' through the occurrences it skips", () => {
    const from = new Date("2026-04-01T00:00:00Z");
    const to = new Date("2026-06-01T00:00:00Z");
    const range = shown(occurrencesBetween(rows, { from, to }, CAPS)).filter((item) =>
      item.startsWith("after-20@"),
    );
    expect(range).toEqual([
      "after-20@2026-04-06T07:00:00.000Z",
      "after-20@2026-04-13T07:00:00.000Z",
      "after-20@2026-04-20T07:00:00.000Z",
      "after-20@2026-04-27T07:00:00.000Z",
    ]);
  });

  it("leaves out a one-time reminder before the start and one at the end, keeps one at the start", () => {
    const once = (id: string, at: string) =>
      recurring(id, at, { scheduleType: "once", frequency: null, time: null });
    const from = new Date("2026-03-01T00:00:00Z");
    const to = new Date("2026-03-08T00:00:00Z");
    const list = [
      once("before", "2026-02-28T23:59:00Z"),
      once("start", "2026-03-01T00:00:00Z"),
      once("end", "2026-03-08T00:00:00Z"),
    ];
    expect(shown(occurrencesBetween(list, { from, to }, CAPS))).toEqual(["start@2026-03-01T00:00:00.000Z"]);
  });

  it("caps each reminder and the total, soonest first", () => {
    const from = new Date("2026-03-01T00:00:00Z");
    const to = new Date("2026-04-01T00:00:00Z");
    const daily = rows.slice(0, 1);
    expect(occurrencesBetween(daily, { from, to }, { perReminder: 5, total: 100 })).toHaveLength(5);
    const two = [daily[0], recurring("other", "2026-01-05T07:00:00Z", { time: "08:00" })];
    expect(shown(occurrencesBetween(two, { from, to }, { perReminder: 100, total: 3 }))).toEqual([
      "other@2026-03-01T07:00:00.000Z",
      "daily@2026-03-01T08:00:00.000Z",
      "other@2026-03-02T07:00:00.000Z",
    ]);
  });
});
