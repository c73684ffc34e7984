import {
  DEFAULT_TIME,
  anchoredSchedule,
  firstOccurrence,
  formatCivilDate,
  formatCivilDateTime,
  scheduleProblem,
  utcToLocal,
  wallTimeToUtcMs,
  zoneOffsetMs,
  type CivilDateTime,
  type Schedule,
} from "@/lib/recurrence";
import { MS_PER_DAY } from "@/lib/recurrence/civil-date";
import { DAY_PART_TIMES, hourInPart, type DayPartRead } from "./day-part-words";
import type { DateRead } from "./read-date";
import type { RecurrenceMatch } from "./recurrence-rule";
import type { EndRead } from "./repeat-bounds";
import type { TimeRead } from "./time-words";
import type { QuickAddFrequencyConfig, QuickAddNote, QuickAddSchedule, TextSpan, UnknownPart } from "./types";

export interface ScheduleParts {
  recurrence: RecurrenceMatch | null;
  /** A repeat phrase a reminder cannot hold was read: no schedule is offered. */
  unusableRecurrence: boolean;
  times: TimeRead[];
  dates: DateRead[];
  dayParts: DayPartRead[];
  ends: EndRead[];
  timeZone: string;
  now: Date;
  /** Intervals, nth weekdays, ends and start days may be offered (QuickAddOptions.richSchedules). */
  rich: boolean;
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
const left = (span: TextSpan, reason: UnknownPart["reason"]): UnknownPart => ({ ...span, reason });

/** The first of several; the others are left for the user as said twice. */
function firstOf<T extends { span: TextSpan }>(items: T[], unknown: UnknownPart[]): T | null {
  items.slice(1).forEach((item) => unknown.push(left(item.span, "repeated")));
  return items[0] ?? null;
}

/**
 * The time of day the words give: the first time read (a part of the day settles its morning or
 * evening: "tonight at 9" is 21:00), else the part of the day's own time, else the default; the
 * last two are noted.
 */
function timeOfDay(
  times: TimeRead[],
  part: DayPartRead["part"] | null,
  notes: QuickAddNote[],
  unknown: UnknownPart[],
): { hour: number; minute: number } {
  const time = firstOf(times, unknown);
  if (time)
    return { hour: part && !time.fixed ? hourInPart(time.hour, part) : time.hour, minute: time.minute };
  const assumed = part ? DAY_PART_TIMES[part] : DEFAULT_TIME;
  notes.push({ kind: "default_time", time: assumed });
  const [hour, minute] = assumed.split(":").map(Number);
  return { hour, minute };
}

/** The engine's view of a draft's repeat, to ask whether it still has an occurrence. */
function scheduleOf(
  frequency: Schedule["frequency"],
  config: QuickAddFrequencyConfig,
  timezone: string,
): Schedule {
  return { scheduleType: "recurring", frequency, ...config, timezone };
}

function recurring(parts: ScheduleParts, match: RecurrenceMatch): Built {
  const notes: QuickAddNote[] = [];
  const unknown: UnknownPart[] = [];
  const { read } = match;
  const config: QuickAddFrequencyConfig = { time: DEFAULT_TIME };
  // A repeat's dates say where it starts or ends; any other is one the form has no place for.
  const starts = parts.dates.filter((d) => d.role === "from");
  const untils = parts.dates.filter((d) => d.role === "until");
  parts.dates.filter((d) => !d.role).forEach((d) => unknown.push(left(d.span, "unsupported")));
  parts.dayParts.filter((p) => p.today).forEach((p) => unknown.push(left(p.span, "unsupported")));
  const start = firstOf(starts, unknown);
  const ends: EndRead[] = [...parts.ends, ...untils.map((d) => ({ span: d.span, byDate: d.date }))].sort(
    (a, b) => a.span.start - b.span.start,
  );
  const end = firstOf(ends, unknown);
  const part =
    read.part ??
    firstOf(
      parts.dayParts.filter((p) => !p.today),
      unknown,
    )?.part ??
    null;
  config.time = clock(timeOfDay(parts.times, part, notes, unknown));

  if (read.frequency === "weekly" && read.days?.length) config.days = read.days;
  if (read.nthWeekday !== undefined && read.days?.length) {
    config.days = read.days;
    config.nthWeekday = read.nthWeekday;
  } else if (read.frequency === "monthly" || read.frequency === "yearly") {
    if (read.dayOfMonth !== undefined) config.dayOfMonth = read.dayOfMonth;
  }
  if (read.frequency === "yearly" && read.month !== undefined) config.month = read.month;
  if (read.interval !== undefined && read.interval > 1) config.interval = read.interval;
  if (!parts.rich && (config.interval !== undefined || config.nthWeekday !== undefined)) {
    // The form cannot hold it: said as before, nothing of it filled in.
    const spans = [...match.spans, ...parts.times.map((t) => t.span), ...parts.dates.map((d) => d.span)];
    spans.push(...parts.ends.map((e) => e.span), ...parts.dayParts.map((p) => p.span));
    return { schedule: null, notes: [], unknown: spans.map((span) => left(span, "unsupported")) };
  }
  if (parts.rich) {
    if (end?.count !== undefined) Object.assign(config, { endCondition: "after", endAfterCount: end.count });
    if (end?.byDate) Object.assign(config, { endCondition: "by", endByDate: formatCivilDate(end.byDate) });
    if (start) config.anchorDate = formatCivilDate(start.date);
  } else {
    // A first or last day the form has no place for: the repeat without it, the words left.
    [end, start].forEach((bound) => bound && unknown.push(left(bound.span, "unsupported")));
  }

  const byDay = config.nthWeekday !== undefined;
  const dayMissing =
    (read.frequency === "weekly" && !config.days) ||
    (read.frequency === "monthly" && config.dayOfMonth === undefined && !byDay) ||
    (read.frequency === "yearly" &&
      (config.month === undefined || (config.dayOfMonth === undefined && !byDay)));
  if (dayMissing) notes.push({ kind: "day_needed", frequency: read.frequency });
  if (read.frequency === "monthly" && config.dayOfMonth !== undefined && config.dayOfMonth >= 29) {
    notes.push({ kind: "month_end", dayOfMonth: config.dayOfMonth });
  }
  if (read.frequency === "yearly" && config.month === 2 && config.dayOfMonth === 29)
    notes.push({ kind: "leap_day" });
  if (!dayMissing) {
    const schedule = anchoredSchedule(scheduleOf(read.frequency, config, parts.timeZone), parts.now);
    if (scheduleProblem(schedule) === null && firstOccurrence(schedule, parts.now) === null)
      notes.push({ kind: "no_occurrence" });
  }
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
  // An end or a last day belongs to a repeat.
  parts.ends.forEach((e) => unknown.push(left(e.span, "unsupported")));
  parts.dates.filter((d) => d.role === "until").forEach((d) => unknown.push(left(d.span, "unsupported")));
  const dates = parts.dates.filter((d) => d.role !== "until");
  const part = firstOf(parts.dayParts, unknown);
  const today = utcToLocal(parts.now.getTime(), parts.timeZone);
  const date: Pick<DateRead, "date" | "time" | "nextYear"> | null =
    firstOf(dates, unknown) ?? (part?.today ? { date: today, nextYear: false } : null);
  if (part?.today && dates.length > 0) unknown.push(left(part.span, "repeated"));
  if (!date) {
    parts.times.forEach((t) => unknown.push(left(t.span, "time_without_date")));
    if (part) unknown.push(left(part.span, "vague"));
    return { schedule: null, notes, unknown };
  }
  let time: { hour: number; minute: number };
  if (date.time) {
    parts.times.forEach((t) => unknown.push(left(t.span, "repeated")));
    time = date.time;
  } else time = timeOfDay(parts.times, part?.part ?? null, notes, unknown);
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
    // The day and time of a repeat a reminder cannot hold ("every hour at 9") go with it.
    const spans = [
      ...parts.dates.map((d) => d.span),
      ...parts.times.map((t) => t.span),
      ...parts.ends.map((e) => e.span),
      ...parts.dayParts.map((p) => p.span),
    ];
    return { schedule: null, notes: [], unknown: spans.map((span) => left(span, "unsupported")) };
  }
  return once(parts);
}
