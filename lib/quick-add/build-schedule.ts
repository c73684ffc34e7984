import {
  DEFAULT_TIME,
  formatCivilDate,
  formatCivilDateTime,
  utcToLocal,
  wallTimeToUtcMs,
  zoneOffsetMs,
  type CivilDateTime,
} from "@/lib/recurrence";
import { MS_PER_DAY } from "@/lib/recurrence/civil-date";
import type { DateRead } from "./read-date";
import type { RecurrenceMatch } from "./recurrence-rule";
import type { TimeRead } from "./time-words";
import type { QuickAddFrequencyConfig, QuickAddNote, QuickAddSchedule, UnknownPart } from "./types";

export interface ScheduleParts {
  recurrence: RecurrenceMatch | null;
  /** A repeat phrase a reminder cannot hold was read: no schedule is offered. */
  unusableRecurrence: boolean;
  times: TimeRead[];
  dates: DateRead[];
  timeZone: string;
  now: Date;
}

interface Built {
  schedule: QuickAddSchedule | null;
  notes: QuickAddNote[];
  unknown: UnknownPart[];
}

const pad = (value: number) => String(value).padStart(2, "0");
const clock = ({ hour, minute }: { hour: number; minute: number }) => `${pad(hour)}:${pad(minute)}`;
const sameWallTime = (a: CivilDateTime, b: CivilDateTime) =>
  formatCivilDateTime(a) === formatCivilDateTime(b);

/** The first time read; any further one is left for the user. */
function firstTime(times: TimeRead[], unknown: UnknownPart[]): TimeRead | null {
  times.slice(1).forEach((t) => unknown.push({ ...t.span, reason: "repeated" }));
  return times[0] ?? null;
}

function recurring(parts: ScheduleParts, match: RecurrenceMatch): Built {
  const notes: QuickAddNote[] = [];
  const unknown: UnknownPart[] = [];
  // A repeat starts from the day it is saved: the form has no start date to put one in.
  parts.dates.forEach((d) => unknown.push({ ...d.span, reason: "unsupported" }));
  const time = firstTime(parts.times, unknown);
  if (!time) notes.push({ kind: "default_time", time: DEFAULT_TIME });
  const config: QuickAddFrequencyConfig = { time: time ? clock(time) : DEFAULT_TIME };
  const { read } = match;
  if (read.frequency === "weekly" && read.days?.length) config.days = read.days;
  if (read.frequency === "monthly" || read.frequency === "yearly") {
    if (read.dayOfMonth !== undefined) config.dayOfMonth = read.dayOfMonth;
  }
  if (read.frequency === "yearly" && read.month !== undefined) config.month = read.month;
  const dayMissing =
    (read.frequency === "weekly" && !config.days) ||
    (read.frequency === "monthly" && config.dayOfMonth === undefined) ||
    (read.frequency === "yearly" && (config.month === undefined || config.dayOfMonth === undefined));
  if (dayMissing) notes.push({ kind: "day_needed", frequency: read.frequency });
  if (read.frequency === "monthly" && config.dayOfMonth !== undefined && config.dayOfMonth >= 29) {
    notes.push({ kind: "month_end", dayOfMonth: config.dayOfMonth });
  }
  if (read.frequency === "yearly" && config.month === 2 && config.dayOfMonth === 29)
    notes.push({ kind: "leap_day" });
  return {
    schedule: { scheduleType: "recurring", frequency: read.frequency, frequencyConfig: config },
    notes,
    unknown,
  };
}

/**
 * The wall time as the engine will send it (lib/recurrence's rule): a time the clocks skip
 * moves forward by the gap (02:30 → 03:30), a time that happens twice is the first.
 */
function dstNotes(wall: CivilDateTime, timeZone: string): { wall: CivilDateTime; notes: QuickAddNote[] } {
  const instant = wallTimeToUtcMs(wall, timeZone);
  const actual = utcToLocal(instant, timeZone);
  if (!sameWallTime(actual, wall)) {
    return { wall: actual, notes: [{ kind: "clock_gap", requested: clock(wall), actual: clock(actual) }] };
  }
  const repeat = zoneOffsetMs(timeZone, instant) - zoneOffsetMs(timeZone, instant + MS_PER_DAY);
  if (repeat > 0 && sameWallTime(utcToLocal(instant + repeat, timeZone), wall)) {
    return { wall, notes: [{ kind: "clock_overlap", localDateTime: formatCivilDateTime(wall) }] };
  }
  return { wall, notes: [] };
}

function once(parts: ScheduleParts): Built {
  const notes: QuickAddNote[] = [];
  const unknown: UnknownPart[] = [];
  const [date, ...others] = parts.dates;
  others.forEach((d) => unknown.push({ ...d.span, reason: "repeated" }));
  if (!date) {
    parts.times.forEach((t) => unknown.push({ ...t.span, reason: "time_without_date" }));
    return { schedule: null, notes, unknown };
  }
  let time: { hour: number; minute: number } | null = date.time ?? null;
  if (time) parts.times.forEach((t) => unknown.push({ ...t.span, reason: "repeated" }));
  else time = firstTime(parts.times, unknown);
  if (!time) {
    notes.push({ kind: "default_time", time: DEFAULT_TIME });
    const [hour, minute] = DEFAULT_TIME.split(":").map(Number);
    time = { hour, minute };
  }
  if (date.nextYear) notes.push({ kind: "next_year", date: formatCivilDate(date.date) });
  const checked = dstNotes({ ...date.date, ...time }, parts.timeZone);
  notes.push(...checked.notes);
  if (wallTimeToUtcMs(checked.wall, parts.timeZone) <= parts.now.getTime())
    notes.push({ kind: "in_the_past" });
  return {
    schedule: { scheduleType: "once", scheduledFor: formatCivilDateTime(checked.wall) },
    notes,
    unknown,
  };
}

/** The schedule the parts read make, the assumptions it took, and the parts it could not use. */
export function buildSchedule(parts: ScheduleParts): Built {
  if (parts.recurrence) return recurring(parts, parts.recurrence);
  if (parts.unusableRecurrence) {
    // The day and time of a repeat a reminder cannot hold ("every 2 weeks on Monday at 9") go with it.
    const spans = [...parts.dates.map((d) => d.span), ...parts.times.map((t) => t.span)];
    return { schedule: null, notes: [], unknown: spans.map((span) => ({ ...span, reason: "unsupported" })) };
  }
  return once(parts);
}
