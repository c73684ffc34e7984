import "server-only";
import { occurrencesBetween, type ExpandableReminder, type Occurrence } from "./occurrences-between";

/** What the feed shows: occurrences in the next 12 months, at most this many per reminder and in all. */
export const FEED_WINDOW_DAYS = 366;
export const FEED_MAX_PER_REMINDER = 400;
export const FEED_MAX_EVENTS = 5_000;

export type FeedReminder = ExpandableReminder;
export type FeedOccurrence<R extends FeedReminder> = Occurrence<R>;

/**
 * The scheduled occurrences from each reminder's next run (even if a moment overdue) to the end
 * of the window, soonest first (`occurrencesBetween`, which the Schedule's calendar reads too).
 */
export function feedOccurrences<R extends FeedReminder>(
  rows: R[],
  now: Date,
  limits = { windowDays: FEED_WINDOW_DAYS, perReminder: FEED_MAX_PER_REMINDER, total: FEED_MAX_EVENTS },
): FeedOccurrence<R>[] {
  return occurrencesBetween(
    rows,
    { from: null, to: new Date(now.getTime() + limits.windowDays * 86_400_000) },
    { perReminder: limits.perReminder, total: limits.total },
  );
}
