import "server-only";
import { nextOccurrence, scheduleProblem, type Schedule } from "@/lib/recurrence";
import { scheduleFromRow, type ScheduleFields } from "@/lib/recurrence/schedule-from-row";

/** What the feed shows: occurrences in the next 12 months, at most this many per reminder and in all. */
export const FEED_WINDOW_DAYS = 366;
export const FEED_MAX_PER_REMINDER = 400;
export const FEED_MAX_EVENTS = 5_000;

export interface FeedReminder extends ScheduleFields {
  id: string;
  nextRunAt: Date;
  occurrencesSent: number;
}

export interface FeedOccurrence<R extends FeedReminder> {
  reminder: R;
  at: Date;
}

interface Head<R extends FeedReminder> {
  reminder: R;
  /** Null when no further occurrence is computed (one-time, or an incomplete stored schedule). */
  schedule: Schedule | null;
  at: Date;
  count: number;
}

function recurringSchedule(row: FeedReminder): Schedule | null {
  if (row.scheduleType !== "recurring") return null;
  const schedule = scheduleFromRow(row);
  // A row written outside the API could hold an incomplete schedule: show its next run only.
  return scheduleProblem(schedule) ? null : schedule;
}

// A binary min-heap on `at`: the feed takes the soonest occurrences across every reminder, so a
// user with many daily reminders gets the next weeks of all of them rather than a year of a few,
// and only the occurrences shown are ever computed.
function push<R extends FeedReminder>(heap: Head<R>[], item: Head<R>) {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent].at <= heap[i].at) break;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}

function pop<R extends FeedReminder>(heap: Head<R>[]): Head<R> | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length > 0 && last) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heap.length && heap[l].at < heap[least].at) least = l;
      if (r < heap.length && heap[r].at < heap[least].at) least = r;
      if (least === i) break;
      [heap[least], heap[i]] = [heap[i], heap[least]];
      i = least;
    }
  }
  return top;
}

/**
 * The scheduled occurrences from `now` to the end of the window, soonest first. Each reminder's
 * first is its `nextRunAt` (what the delivery engine will send next, even if a moment overdue);
 * the rest follow from its schedule in its own zone, exactly as the engine will compute them
 * (`after N` counted from the occurrences already sent). Pure.
 */
export function feedOccurrences<R extends FeedReminder>(
  rows: R[],
  now: Date,
  limits = { windowDays: FEED_WINDOW_DAYS, perReminder: FEED_MAX_PER_REMINDER, total: FEED_MAX_EVENTS },
): FeedOccurrence<R>[] {
  const end = now.getTime() + limits.windowDays * 86_400_000;
  const heap: Head<R>[] = [];
  for (const reminder of rows) {
    if (reminder.nextRunAt.getTime() <= end && limits.perReminder > 0) {
      push(heap, { reminder, schedule: recurringSchedule(reminder), at: reminder.nextRunAt, count: 1 });
    }
  }
  const out: FeedOccurrence<R>[] = [];
  while (out.length < limits.total) {
    const head = pop(heap);
    if (!head) break;
    out.push({ reminder: head.reminder, at: head.at });
    const { reminder, schedule } = head;
    if (!schedule || head.count >= limits.perReminder) continue;
    const next = nextOccurrence(schedule, head.at, reminder.occurrencesSent + head.count);
    if (next && next.getTime() <= end) push(heap, { ...head, at: next, count: head.count + 1 });
  }
  return out;
}
