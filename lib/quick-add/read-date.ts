import * as chronoEn from "chrono-node/en";
import * as chronoEs from "chrono-node/es";
import * as chronoFr from "chrono-node/fr";
import type { ParsedResult } from "chrono-node/en";
import { daysInMonth, utcToLocal, zoneOffsetMs, type CivilDate } from "@/lib/recurrence";
import { addDays, compareCivilDates } from "@/lib/recurrence/civil-date";
import { DATE_SUFFIX, DAY_AFTER_TOMORROW } from "./sentence-words";
import { claim, freeFolded, freeMatches, freeOriginal, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, TextSpan, UnknownPart } from "./types";

const CHRONO = { en: chronoEn, es: chronoEs, fr: chronoFr };

/** A local date read from the text, with its time when chrono read one with it ("in 2 hours", "now"). */
export interface DateRead {
  span: TextSpan;
  date: CivilDate;
  time?: { hour: number; minute: number };
  /** A day and month without a year, past this year, moved to next year. */
  nextYear: boolean;
  /** Said as a repeat's last day ("until March 31") or first day ("starting Friday"). */
  role?: "until" | "from";
}

export interface DateContext {
  locale: QuickAddLocale;
  timeZone: string;
  now: Date;
}

/**
 * A day and month without a year: this year's, or next year's when this year's is already past
 * (today stays today). Null when the date never exists in that year (29 February).
 */
function withYear(
  month: number,
  day: number,
  today: CivilDate,
): { date: CivilDate; nextYear: boolean } | null {
  const thisYear = { year: today.year, month, day };
  const nextYear = compareCivilDates(thisYear, today) < 0;
  const year = nextYear ? today.year + 1 : today.year;
  return day <= daysInMonth(year, month) ? { date: { year, month, day }, nextYear } : null;
}

const certain = (result: ParsedResult, ...components: ("year" | "month" | "day" | "weekday" | "hour")[]) =>
  components.every((c) => result.start.isCertain(c));

/** "3/4" in English: March 4 in the US, 3 April elsewhere; a reminder does not pick one. */
function isAmbiguousSlashDate(result: ParsedResult, locale: QuickAddLocale): boolean {
  if (locale !== "en" || !/\d{1,2}\/\d{1,2}/.test(result.text)) return false;
  const month = result.start.get("month");
  const day = result.start.get("day");
  return month !== null && day !== null && day <= 12 && day !== month;
}

function readResult(
  result: ParsedResult,
  context: DateContext,
  today: CivilDate,
): Omit<DateRead, "span"> | UnknownPart["reason"] {
  const get = (component: "year" | "month" | "day" | "hour" | "minute") => result.start.get(component) ?? 0;
  if (result.tags().has("result/relativeDate") && certain(result, "hour")) {
    // "in 2 hours": chrono adds the duration to the instant; the zone's own rules give the wall time.
    const local = utcToLocal(result.date().getTime(), context.timeZone);
    const date = { year: local.year, month: local.month, day: local.day };
    return { date, time: { hour: local.hour, minute: local.minute }, nextYear: false };
  }
  if (isAmbiguousSlashDate(result, context.locale)) return "ambiguous";
  const time = certain(result, "hour") ? { hour: get("hour"), minute: get("minute") } : undefined;
  if (certain(result, "month", "day") && !certain(result, "year")) {
    const dated = withYear(get("month"), get("day"), today);
    return dated ? { ...dated, time } : "no_such_date";
  }
  // Today, tomorrow, "in 3 days", a full date, a weekday: chrono's day, counted in the zone's offset now.
  if (certain(result, "month", "day") || certain(result, "weekday")) {
    return { date: { year: get("year"), month: get("month"), day: get("day") }, time, nextYear: false };
  }
  return "vague";
}

/** Every date in the sentence, claimed, in text order; what names no single day is left for the user. */
export function readDates(
  sentence: Sentence,
  context: DateContext,
): { dates: DateRead[]; unknown: UnknownPart[] } {
  const today = utcToLocal(context.now.getTime(), context.timeZone);
  const dates: DateRead[] = [];
  const unknown: UnknownPart[] = [];
  for (const match of freeMatches(sentence, DAY_AFTER_TOMORROW[context.locale])) {
    claim(sentence, match.start, match.end);
    dates.push({ span: spanOf(sentence, match.start, match.end), date: addDays(today, 2), nextYear: false });
  }
  const reference = {
    instant: context.now,
    timezone: zoneOffsetMs(context.timeZone, context.now.getTime()) / 60_000,
  };
  const results = CHRONO[context.locale].parse(freeOriginal(sentence), reference, { forwardDate: true });
  const folded = freeFolded(sentence);
  const suffix = DATE_SUFFIX[context.locale];
  for (const result of results) {
    let end = result.index + result.text.length;
    end += (suffix?.exec(folded.slice(end))?.[0] ?? "").length;
    claim(sentence, result.index, end);
    const span = spanOf(sentence, result.index, end);
    const read = readResult(result, context, today);
    if (typeof read === "string") unknown.push({ ...span, reason: read });
    else dates.push({ span, ...read });
  }
  dates.sort((a, b) => a.span.start - b.span.start);
  return { dates, unknown };
}
