import type { Weekday } from "@/db/schema/enums";
import { daysInMonth } from "@/lib/recurrence";
import { DAY_WORDS, monthOf, weekdaysIn } from "./calendar-words";
import { claim, freeMatches, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, TextSpan, UnknownPart, UnknownReason } from "./types";

/** A repeat read from the text; the day is absent when the phrase does not give it ("every week"). */
export type RecurrenceRead =
  | { frequency: "daily" }
  | { frequency: "weekly"; days?: Weekday[] }
  | { frequency: "monthly"; dayOfMonth?: number }
  | { frequency: "yearly"; month?: number; dayOfMonth?: number };

export type Groups = Record<string, string | undefined>;

/** A phrase (on the folded text) and what it means; a reason when it cannot be a reminder's repeat. */
export interface RecurrenceRule {
  pattern: RegExp;
  read: (groups: Groups) => RecurrenceRead | UnknownReason;
}

export const MONDAY_TO_FRIDAY: Weekday[] = ["Mon", "Tue", "Wed", "Thu", "Fri"];
export const WEEKEND: Weekday[] = ["Sat", "Sun"];

export const rule = (pattern: string, read: RecurrenceRule["read"]): RecurrenceRule => ({
  pattern: new RegExp(pattern, "gu"),
  read,
});

/** Understood, but a reminder repeats every day, week, month or year only ("every 2 weeks"). */
export const unsupported = (): UnknownReason => "unsupported";

export const weeklyOn =
  (locale: QuickAddLocale) =>
  (groups: Groups): RecurrenceRead => ({ frequency: "weekly", days: weekdaysIn(locale, groups.days ?? "") });

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

export interface RecurrenceMatch {
  span: TextSpan;
  read: RecurrenceRead;
}

/**
 * The first repeat phrase of the sentence, claimed; further ones are left for the user.
 * `unusable`: a repeat phrase a reminder cannot hold was read ("every 2 weeks"), so the text
 * has no schedule to offer (reading its other words as a one-time date would be a guess).
 */
export function readRecurrence(
  sentence: Sentence,
  rules: readonly RecurrenceRule[],
): { recurrence: RecurrenceMatch | null; unusable: boolean; unknown: UnknownPart[] } {
  const found: { span: TextSpan; read: RecurrenceRead | UnknownReason }[] = [];
  for (const { pattern, read } of rules) {
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
    else if (recurrence === null) recurrence = { span, read };
    else unknown.push({ ...span, reason: "repeated" });
  }
  const unusable = unknown.some((part) => part.reason !== "repeated");
  return { recurrence, unusable, unknown };
}
