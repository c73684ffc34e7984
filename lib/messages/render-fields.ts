import { clampedDate, compareCivilDates, type CivilDate } from "@/lib/recurrence/civil-date";
import type { Locale } from "@/i18n/locales";
import { FIELD_WORD, fieldNamed, type MessageField } from "./field-names";

/** A contact's yearly date; the year is optional (no year, no `{age}`). */
export interface YearlyDate {
  month: number;
  day: number;
  year: number | null;
}

export interface FieldValues {
  /** The contact's full name. */
  contactName: string;
  /** The sender contacts see: the workspace's name or the reminder's creator's (its sender identity). */
  senderName: string;
  /** The recipient's language: `{date}` is written in it. */
  locale: Locale;
  /** The local calendar date of the occurrence being sent (in the schedule's zone). */
  occurrenceDate: CivilDate;
  /** The contact date the reminder was made from, if any. */
  contactDate?: YearlyDate | null;
}

// Each field in any language's names (lib/messages/field-names.ts).
const FIELD_PATTERN = new RegExp(`\\{(${FIELD_WORD})\\}`, "gu");
/** A field and the one full stop after it, if any (not an ellipsis). */
const FIELD_AND_STOP = new RegExp(`\\{(${FIELD_WORD})\\}(\\.(?!\\.))?`, "gu");
/** A value that already ends a sentence ("Lucía G."): the stop written after its field is not doubled. */
const ENDS_SENTENCE = /[.!?…]$/u;

/** The `{word}` fields of a body that are not ones we fill in, as written (shown as a mistake). */
export function unknownFields(body: string): string[] {
  const unknown = new Set<string>();
  for (const match of body.matchAll(FIELD_PATTERN)) if (!fieldNamed(match[1])) unknown.add(match[1]);
  return [...unknown];
}

/** The first name a body writes a field with, in any language ("{edad}"); null when it has none. */
export function fieldUsed(body: string, field: MessageField): string | null {
  if (!body.includes("{")) return null;
  for (const match of body.matchAll(FIELD_PATTERN)) if (fieldNamed(match[1]) === field) return match[0];
  return null;
}

/** Whether a body uses a field by any of its names (e.g. `{age}` needs a date with a year). */
export function usesField(body: string, field: MessageField): boolean {
  return fieldUsed(body, field) !== null;
}

/** The first word of a name: "Ana María López" → "Ana". */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * The contact date's next day on or after `from`: this year's if not yet past, else next year's.
 * 29 February falls on 28 February in common years (the recurrence rule for yearly dates).
 */
export function nextDateOnOrAfter(date: YearlyDate, from: CivilDate): CivilDate {
  const thisYear = clampedDate(from.year, date.month, date.day);
  return compareCivilDates(thisYear, from) >= 0 ? thisYear : clampedDate(from.year + 1, date.month, date.day);
}

/** The age reached on the contact date's next day on or after `from`; null without a birth year. */
export function ageOn(date: YearlyDate, from: CivilDate): number | null {
  if (date.year === null) return null;
  return nextDateOnOrAfter(date, from).year - date.year;
}

/** "3 March" written the recipient's way, without the year (en "March 3", es "3 de marzo", fr "3 mars"). */
export function formatDayAndMonth(date: CivilDate, locale: Locale): string {
  let format = dayAndMonthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", timeZone: "UTC" });
    dayAndMonthFormats.set(locale, format);
  }
  return format.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

// Building an Intl formatter costs far more than using one; the engine renders thousands a second.
const dayAndMonthFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * Fills a message's fields for one occurrence, each written by any of its names in any language
 * (`{nombre}` and `{prénom}` are `{first_name}`). `{date}` and `{age}` come from the contact date
 * (its next day on or after the occurrence, so a lead reminder a week before names the day ahead);
 * without a contact date `{date}` is the occurrence's own day and `{age}` is empty. Unknown fields
 * stay as written. A value that ends a sentence ("Lucía G.") takes the place of the stop written
 * after its field: "from {sender}." reads "from Lucía G.", not "Lucía G..".
 */
export function renderFields(body: string, values: FieldValues): string {
  // Most messages have no field: leave them as they are without working out any value.
  if (!body.includes("{")) return body;
  const day = () =>
    values.contactDate ? nextDateOnOrAfter(values.contactDate, values.occurrenceDate) : values.occurrenceDate;
  const fill: Record<MessageField, () => string> = {
    first_name: () => firstNameOf(values.contactName),
    name: () => values.contactName.trim(),
    sender: () => values.senderName,
    age: () => {
      const age = values.contactDate ? ageOn(values.contactDate, values.occurrenceDate) : null;
      return age === null ? "" : String(age);
    },
    date: () => formatDayAndMonth(day(), values.locale),
  };
  return body.replace(FIELD_AND_STOP, (whole, name: string, stop: string | undefined) => {
    const field = fieldNamed(name);
    if (!field) return whole;
    const value = fill[field]();
    return stop && !ENDS_SENTENCE.test(value) ? value + stop : value;
  });
}
