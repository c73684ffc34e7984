import "server-only";
import { utcToLocal } from "@/lib/recurrence";
import { clockChangeOccurrences } from "./clock-change-occurrences";
import { FEED_MAX_EVENTS, feedOccurrences } from "./feed-occurrences";
import { seriesRule } from "./series-rule";
import { toCalendarEvent, type EventContext, type FeedReminderRow } from "./to-calendar-event";
import type { IcsEvent, IcsTimezone } from "./write-ics";
import { zoneObservances } from "./zone-observances";

/** A series with the occurrences of the feed's window it names outright. */
interface Listed {
  event: IcsEvent;
  overrides: IcsEvent[];
}

/**
 * The feed's events: a recurring reminder as one event with its RRULE from its next run on (its
 * DTSTART a wall time in the reminder's zone), with each occurrence of the window whose wall time
 * the clocks skip or repeat given outright (`clockChangeOccurrences`); the others one event per
 * occurrence in UTC (`feedOccurrences`). Soonest first, at most FEED_MAX_EVENTS (a series with its
 * exceptions is one). With them, a VTIMEZONE for each zone a series names, from the year of its
 * earliest start.
 */
export function feedEvents(
  rows: FeedReminderRow[],
  now: Date,
  ctx: EventContext,
): { events: IcsEvent[]; timezones: IcsTimezone[] } {
  const expanded: FeedReminderRow[] = [];
  const listed: Listed[] = [];
  for (const reminder of rows) {
    const series = seriesRule(reminder);
    if (!series) {
      expanded.push(reminder);
      continue;
    }
    const event = toCalendarEvent({ reminder, at: reminder.nextRunAt }, ctx, series.lines);
    const window = feedOccurrences([reminder], now).map((occurrence) => occurrence.at);
    const overrides = clockChangeOccurrences(series.schedule, window).map(({ ruleWall, at }) => ({
      ...toCalendarEvent({ reminder, at }, ctx),
      uid: event.uid,
      occurrenceOf: { zone: series.schedule.timezone, wall: ruleWall },
    }));
    listed.push({ event, overrides });
  }
  for (const occurrence of feedOccurrences(expanded, now))
    listed.push({ event: toCalendarEvent(occurrence, ctx), overrides: [] });
  const kept = listed
    .sort((a, b) => a.event.start.getTime() - b.event.start.getTime())
    .slice(0, FEED_MAX_EVENTS);

  const firstYear = new Map<string, number>();
  for (const { event } of kept) {
    const zone = /^DTSTART;TZID=([^:]+):/.exec(event.recurrence?.dtstart ?? "")?.[1];
    if (!zone) continue;
    // The local year of the start; a day earlier covers a start just after New Year in UTC.
    const year = utcToLocal(event.start.getTime() - 86_400_000, zone).year;
    firstYear.set(zone, Math.min(year, firstYear.get(zone) ?? year));
  }
  const timezones = [...firstYear].map(([tzid, year]) => ({ tzid, observances: zoneObservances(tzid, year) }));
  return { events: kept.flatMap(({ event, overrides }) => [event, ...overrides]), timezones };
}
