import { describe, expect, it } from "vitest";
import { feedOccurrences, type FeedReminder } from "@/lib/calendar/feed-occurrences";

const NOW = new Date("2027-01-10T12:00:00Z");

function daily(id: string, time: string, nextRunAt: string, extra: Partial<FeedReminder> = {}): FeedReminder {
  // Columns some schedules carry (a lead reminder's days before its date): none here.
  const unused = { leadDays: null, repeatInterval: null, anchorDate: null, nthWeekday: null };
  return {
    ...unused,
    id,
    scheduleType: "recurring",
    scheduledFor: new Date(nextRunAt),
    frequency: "daily",
    time,
    days: null,
    dayOfMonth: null,
    month: null,
    endCondition: "never",
    endAfterCount: null,
    endByDate: null,
    timezone: "UTC",
    nextRunAt: new Date(nextRunAt),
    occurrencesSent: 0,
    ...extra,
  };
}

const iso = (list: { reminder: FeedReminder; at: Date }[]) =>
  list.map(({ reminder, at }) => `${reminder.id}@${at.toISOString().slice(5, 16)}`);

describe("feedOccurrences", () => {
  it("merges reminders soonest first and stops at the total cap", () => {
    const rows = [daily("a", "09:00", "2027-01-11T09:00:00Z"), daily("b", "08:00", "2027-01-11T08:00:00Z")];
    expect(iso(feedOccurrences(rows, NOW, { windowDays: 366, perReminder: 400, total: 5 }))).toEqual([
      "b@01-11T08:00",
      "a@01-11T09:00",
      "b@01-12T08:00",
      "a@01-12T09:00",
      "b@01-13T08:00",
    ]);
  });

  it("caps each reminder, ends at the window, and honours 'after N' with the occurrences already sent", () => {
    const rows = [daily("a", "09:00", "2027-01-11T09:00:00Z")];
    expect(feedOccurrences(rows, NOW, { windowDays: 366, perReminder: 3, total: 100 })).toHaveLength(3);
    // 5 days of window from 10 Jan 12:00: 11..15 January.
    expect(feedOccurrences(rows, NOW, { windowDays: 5, perReminder: 400, total: 100 })).toHaveLength(5);
    const after = [
      daily("a", "09:00", "2027-01-11T09:00:00Z", {
        endCondition: "after",
        endAfterCount: 4,
        occurrencesSent: 2,
      }),
    ];
    expect(iso(feedOccurrences(after, NOW))).toEqual(["a@01-11T09:00", "a@01-12T09:00"]);
  });

  it("starts at next_run_at even when it is a moment overdue, and lists a one-time reminder once", () => {
    const once: FeedReminder = {
      ...daily("o", "09:00", "2027-01-10T11:59:00Z"),
      scheduleType: "once",
      frequency: null,
      time: null,
    };
    expect(iso(feedOccurrences([once], NOW))).toEqual(["o@01-10T11:59"]);
  });

  it("shows only the next run of a stored schedule the engine cannot expand", () => {
    const broken = daily("x", "09:00", "2027-01-11T09:00:00Z", { frequency: "weekly", days: [] });
    expect(iso(feedOccurrences([broken], NOW))).toEqual(["x@01-11T09:00"]);
  });
});
