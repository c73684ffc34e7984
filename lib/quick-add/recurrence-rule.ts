import type { Frequency, Weekday } from "@/db/schema/enums";
import { MAX_INTERVAL, daysInMonth, type NthWeekday } from "@/lib/recurrence";
import { DAY_WORDS, monthOf, numberOf, ordinalOf, weekdayOf, weekdaysIn } from "./calendar-words";
import type { DayPart } from "./day-part-words";
import { claim, freeMatches, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, TextSpan, UnknownPart, UnknownReason } from "./types";

/**
 * A repeat read from the text. The day is absent when the phrase does not give it ("every
 * week", "cada 3 meses"); `days` holds the weekday of an nth weekday too.
 */
export interface RecurrenceRead {
  frequency: Frequency;
  /** Above 1 only. */
  interval?: number;
  days?: Weekday[];
  dayOfMonth?: number;
  month?: number;
  nthWeekday?: NthWeekday;
  /** "every morning", "todas las noches": the time the part of the day stands for. */
  part?: DayPart;
}

export type Groups = Record<string, string | undefined>;

/** A phrase (on the folded text) and what it means; a reason when it cannot be a reminder's repeat. */
export interface RecurrenceRule {
  pattern: RegExp;
  read: (groups: Groups) => RecurrenceRead | UnknownReason;
}

/** A phrase that gives a repeat its missing day ("on Monday", "el día 1", "le premier samedi"). */
export interface DayRule {
  /** Whether the phrase can complete this repeat. */
  fits: (read: RecurrenceRead) => boolean;
  pattern: RegExp;
  fill: (groups: Groups) => Partial<RecurrenceRead> | UnknownReason;
}

/** Each language's repeat phrases (most specific first) and the phrases that give their day. */
export interface RecurrencePhrases {
  rules: readonly RecurrenceRule[];
  days: readonly DayRule[];
}

export const MONDAY_TO_FRIDAY: Weekday[] = ["Mon", "Tue", "Wed", "Thu", "Fri"];
export const WEEKEND: Weekday[] = ["Sat", "Sun"];

export const rule = (pattern: string, read: RecurrenceRule["read"]): RecurrenceRule => ({
  pattern: new RegExp(pattern, "gu"),
  read,
});

export const dayRule = (fits: DayRule["fits"], pattern: string, fill: DayRule["fill"]): DayRule => ({
  fits,
  pattern: new RegExp(pattern, "gu"),
  fill,
});

/** A fixed repeat: "every fortnight" is weekly every 2. */
export const every =
  (frequency: Frequency, interval = 1, extra: Partial<RecurrenceRead> = {}) =>
  (): RecurrenceRead => ({ frequency, ...(interval > 1 ? { interval } : {}), ...extra });

/** Understood, but a reminder repeats by whole days at the least ("every hour"). */
export const unsupported = (): UnknownReason => "unsupported";
/** Reads two ways ("biweekly": twice a week, or every two weeks). */
export const ambiguous = (): UnknownReason => "ambiguous";

const withInterval = (read: RecurrenceRead, interval: number): RecurrenceRead | UnknownReason => {
  if (interval < 1 || interval > MAX_INTERVAL) return "unsupported";
  return interval > 1 ? { ...read, interval } : read;
};

/** The interval in the group `n` (digits or words), 1 when there is none; null when unreadable. */
function intervalOf(locale: QuickAddLocale, groups: Groups): number | null {
  return groups.n === undefined ? 1 : numberOf(locale, groups.n);
}

export const weeklyOn =
  (locale: QuickAddLocale, interval = 1) =>
  (groups: Groups): RecurrenceRead | UnknownReason =>
    withInterval({ frequency: "weekly", days: weekdaysIn(locale, groups.days ?? "") }, interval);

/** Every N units, N in the group `n`, the unit's first letters in `unit` ("dias", "weeks", "mois"). */
export const everyN =
  (locale: QuickAddLocale, units: Record<string, Frequency>) =>
  (groups: Groups): RecurrenceRead | UnknownReason => {
    const interval = intervalOf(locale, groups);
    const unit = Object.keys(units).find((prefix) => (groups.unit ?? "").startsWith(prefix));
    if (interval === null || unit === undefined) return "not_understood";
    return withInterval({ frequency: units[unit] }, interval);
  };

/** The day of the month in `day` (digits) or `dayword` ("first", "ultimo", "dernier": 31, the last day). */
function dayOfMonthOf(locale: QuickAddLocale, groups: Groups): number | null {
  if (groups.dayword) return DAY_WORDS[locale][groups.dayword] ?? null;
  const day = Number(groups.day ?? groups.day2);
  return Number.isInteger(day) && day >= 1 && day <= 31 ? day : null;
}

export const monthlyOn =
  (locale: QuickAddLocale) =>
  (groups: Groups): RecurrenceRead | UnknownReason => {
    const dayOfMonth = dayOfMonthOf(locale, groups);
    return dayOfMonth === null ? "no_such_date" : { frequency: "monthly", dayOfMonth };
  };

/** A yearly date; a day the month never has (31 April, 30 February) is refused, 29 February kept. */
export const yearlyOn =
  (locale: QuickAddLocale) =>
  (groups: Groups): RecurrenceRead | UnknownReason => {
    const month = monthOf(locale, groups.month ?? groups.month2 ?? "");
    const dayOfMonth = groups.dayword ? null : dayOfMonthOf(locale, groups);
    // 2000 is a leap year: the longest each month gets.
    if (month === null || dayOfMonth === null || dayOfMonth > daysInMonth(2000, month)) return "no_such_date";
    return { frequency: "yearly", month, dayOfMonth };
  };

/** The nth weekday in `ord` and `wd`, with the month in `month` for a yearly one. */
function nthOf(locale: QuickAddLocale, groups: Groups): Partial<RecurrenceRead> | UnknownReason {
  const nth = ordinalOf(locale, groups.ord ?? "");
  const weekday = weekdayOf(locale, groups.wd ?? "");
  // A fifth weekday is in some months only: a reminder does not hold it.
  if (nth === 5) return "unsupported";
  if (nth === null || weekday === null) return "not_understood";
  if (groups.month === undefined) return { nthWeekday: nth, days: [weekday] };
  const month = monthOf(locale, groups.month);
  return month === null ? "not_understood" : { nthWeekday: nth, days: [weekday], month };
}

/** "the last Friday of every (2) month(s)": monthly on an nth weekday, every N months in `n`. */
export const nthMonthly =
  (locale: QuickAddLocale) =>
  (groups: Groups): RecurrenceRead | UnknownReason => {
    const nth = nthOf(locale, groups);
    const interval = intervalOf(locale, groups);
    if (typeof nth === "string") return nth;
    return interval === null ? "not_understood" : withInterval({ frequency: "monthly", ...nth }, interval);
  };

/** A day phrase's fill: the nth weekday (of a month, for a yearly repeat). */
export const nthFill = (locale: QuickAddLocale) => (groups: Groups) => nthOf(locale, groups);
export const daysFill = (locale: QuickAddLocale) => (groups: Groups) => ({
  days: weekdaysIn(locale, groups.days ?? ""),
});
export const dayOfMonthFill = (locale: QuickAddLocale) => (groups: Groups) => {
  const read = monthlyOn(locale)(groups);
  return typeof read === "string" ? read : { dayOfMonth: read.dayOfMonth };
};
export const dateFill = (locale: QuickAddLocale) => (groups: Groups) => {
  const read = yearlyOn(locale)(groups);
  return typeof read === "string" ? read : { month: read.month, dayOfMonth: read.dayOfMonth };
};

/** Which repeats still lack their day, for a day phrase to complete. */
export const lacksDay = {
  weekly: (r: RecurrenceRead) => r.frequency === "weekly" && !r.days?.length,
  monthly: (r: RecurrenceRead) => r.frequency === "monthly" && r.dayOfMonth === undefined && !r.nthWeekday,
  yearly: (r: RecurrenceRead) =>
    r.frequency === "yearly" && r.month === undefined && r.dayOfMonth === undefined && !r.nthWeekday,
};

const KEYS = ["interval", "days", "dayOfMonth", "month", "nthWeekday", "part"] as const;

/**
 * Two phrases of one repeat said apart ("cada 15 días ... los lunes", "on Sundays every other
 * week"): the same frequency, and no field said twice. Null when they are two repeats.
 */
function merged(a: RecurrenceRead, b: RecurrenceRead): RecurrenceRead | null {
  if (a.frequency !== b.frequency) return null;
  if (KEYS.some((key) => a[key] !== undefined && b[key] !== undefined)) return null;
  return { ...a, ...b };
}

export interface RecurrenceMatch {
  /** Every phrase of the repeat, in text order. */
  spans: TextSpan[];
  read: RecurrenceRead;
}

/**
 * The sentence's repeat, claimed: the first repeat phrase, merged with other phrases of the
 * same repeat and completed by a phrase that gives its day; further repeats are left for the
 * user. `unusable`: a repeat phrase a reminder cannot hold was read ("every hour"), so the text
 * has no schedule to offer (reading its other words as a one-time date would be a guess).
 */
export function readRecurrence(
  sentence: Sentence,
  phrases: RecurrencePhrases,
): { recurrence: RecurrenceMatch | null; unusable: boolean; unknown: UnknownPart[] } {
  const found: { span: TextSpan; read: RecurrenceRead | UnknownReason }[] = [];
  for (const { pattern, read } of phrases.rules) {
    for (const match of freeMatches(sentence, pattern)) {
      claim(sentence, match.start, match.end);
      found.push({ span: spanOf(sentence, match.start, match.end), read: read(match.groups) });
    }
  }
  found.sort((a, b) => a.span.start - b.span.start);
  let recurrence: RecurrenceMatch | null = null;
  const unknown: UnknownPart[] = [];
  for (const { span, read } of found) {
    if (typeof read === "string") unknown.push({ ...span, reason: read });
    else if (recurrence === null) recurrence = { spans: [span], read };
    else {
      const both = merged(recurrence.read, read);
      if (both) recurrence = { spans: [...recurrence.spans, span], read: both };
      else unknown.push({ ...span, reason: "repeated" });
    }
  }
  if (recurrence) recurrence = withDay(sentence, phrases, recurrence, unknown);
  const unusable = unknown.some((part) => part.reason !== "repeated");
  return { recurrence, unusable, unknown };
}

/** The repeat completed by the first phrase that gives its missing day, if there is one. */
function withDay(
  sentence: Sentence,
  phrases: RecurrencePhrases,
  recurrence: RecurrenceMatch,
  unknown: UnknownPart[],
): RecurrenceMatch {
  for (const day of phrases.days) {
    if (!day.fits(recurrence.read)) continue;
    const [match] = freeMatches(sentence, day.pattern);
    if (!match) continue;
    claim(sentence, match.start, match.end);
    const span = spanOf(sentence, match.start, match.end);
    const fill = day.fill(match.groups);
    if (typeof fill === "string") {
      unknown.push({ ...span, reason: fill });
      return recurrence;
    }
    return {
      spans: [...recurrence.spans, span].sort((a, b) => a.start - b.start),
      read: { ...recurrence.read, ...fill },
    };
  }
  return recurrence;
}
