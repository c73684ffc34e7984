import "server-only";
import { nextOccurrence, scheduleProblem, type Schedule } from "@/lib/recurrence";
import { scheduleFromRow, type ScheduleFields } from "@/lib/recurrence/schedule-from-row";

/** A stored reminder as the expansion reads it: its schedule, its next run and what was sent. */
export interface ExpandableReminder extends ScheduleFields {
  id: string;
  nextRunAt: Date;
  occurrencesSent: number;
}

export interface Occurrence<R extends ExpandableReminder> {
  reminder: R;
  at: Date;
}

/**
 * `from` (inclusive) to `to` (exclusive). A null `from` starts at each reminder's next run, even
 * one a moment overdue (the feed); a date leaves out what falls before it (a calendar page).
 */
export interface OccurrenceWindow {
  from: Date | null;
  to: Date;
}

export interface OccurrenceCaps {
  perReminder: number;
  total: number;
}

interface Head<R extends ExpandableReminder> {
  reminder: R;
  /** Null when no further occurrence is computed (one-time, or an incomplete stored schedule). */
  schedule: Schedule | null;
  at: Date;
  /** Which of the reminder's occurrences `at` is, counted from its next run (1): 'after N' reads it. */
  position: number;
  /** How many of this reminder's occurrences are in the answer, `at` included. */
  shown: number;
}

function recurringSchedule(row: ExpandableReminder): Schedule | null {
  if (row.scheduleType !== "recurring") return null;
  const schedule = scheduleFromRow(row);
  // A row written outside the API could hold an incomplete schedule: show its next run only.
  return scheduleProblem(schedule) ? null : schedule;
}

/** The occurrence after `head`, exactly as the delivery engine will compute it once `head` is sent. */
function following<R extends ExpandableReminder>(head: Head<R>): Date | null {
  if (!head.schedule) return null;
  return nextOccurrence(head.schedule, head.at, head.reminder.occurrencesSent + head.position);
}

/**
 * The reminder's first occurrence at or after `from`, or null. Without an 'after N' budget the
 * engine's next occurrence after `from` is where stepping from `nextRunAt` would land, so a page
 * years ahead costs one call; 'after N' steps through the occurrences it counts (at most N).
 */
function firstFrom<R extends ExpandableReminder>(reminder: R, from: Date | null): Head<R> | null {
  const schedule = recurringSchedule(reminder);
  let head: Head<R> = { reminder, schedule, at: reminder.nextRunAt, position: 1, shown: 1 };
  if (from === null || head.at >= from) return head;
  if (!schedule) return null;
  if (schedule.endCondition !== "after") {
    const at = nextOccurrence(schedule, new Date(from.getTime() - 1), 0);
    return at ? { ...head, at } : null;
  }
  while (head.at < from) {
    const at = following(head);
    if (!at) return null;
    head = { ...head, at, position: head.position + 1 };
  }
  return head;
}

// A binary min-heap on `at`: the soonest occurrences across every reminder are taken first, so
// under the total cap a user with many daily reminders gets the first days of all of them rather
// than the whole window of a few, and only the occurrences returned are ever computed.
function push<R extends ExpandableReminder>(heap: Head<R>[], item: Head<R>) {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent].at <= heap[i].at) break;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}

function pop<R extends ExpandableReminder>(heap: Head<R>[]): Head<R> | undefined {
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
 * The scheduled occurrences in the window, soonest first: the one expansion behind the calendar
 * feed and the Schedule's month and week. Each reminder's first is its `nextRunAt` (what the
 * delivery engine will send next); the rest follow from its schedule in its own zone, exactly as
 * the engine will compute them (`after N` counted from the occurrences already sent). Pure.
 */
export function occurrencesBetween<R extends ExpandableReminder>(
  rows: R[],
  window: OccurrenceWindow,
  caps: OccurrenceCaps,
): Occurrence<R>[] {
  const end = window.to.getTime();
  const heap: Head<R>[] = [];
  if (caps.perReminder > 0) {
    for (const reminder of rows) {
      if (reminder.nextRunAt.getTime() >= end) continue;
      const head = firstFrom(reminder, window.from);
      if (head && head.at.getTime() < end) push(heap, head);
    }
  }
  const out: Occurrence<R>[] = [];
  while (out.length < caps.total) {
    const head = pop(heap);
    if (!head) break;
    out.push({ reminder: head.reminder, at: head.at });
    if (head.shown >= caps.perReminder) continue;
    const next = following(head);
    if (next && next.getTime() < end) {
      push(heap, { ...head, at: next, position: head.position + 1, shown: head.shown + 1 });
    }
  }
  return out;
}
