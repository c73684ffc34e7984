import type { DeliveryMethod, EndCondition, Frequency, Weekday } from "@/db/schema/enums";
import type { NthWeekday } from "@/lib/recurrence";

export type QuickAddLocale = "en" | "es" | "fr";

export interface QuickAddContact {
  id: string;
  name: string;
}

export interface QuickAddGroup {
  id: string;
  name: string;
}

export interface QuickAddOptions {
  locale: QuickAddLocale;
  /** The user's IANA zone: dates and times are read as wall times there. */
  timeZone: string;
  now: Date;
  contacts: readonly QuickAddContact[];
  /** The user's groups, named like contacts ("email the choir"); none are read without them. */
  groups?: readonly QuickAddGroup[];
  /**
   * Read intervals, nth weekdays, end conditions and start dates into the schedule. Without it
   * (a form that cannot hold them) a repeat that needs them is left as "unsupported", as before.
   */
  richSchedules?: boolean;
}

/** Where a part sits in the typed text: [start, end) in UTF-16 units. */
export interface TextSpan {
  start: number;
  end: number;
  text: string;
}

/**
 * The contacts' view of the recipient (what the reminder dialog fills today): a group read
 * leaves it "none"; candidates are contacts only.
 */
export type ContactDraft =
  | { status: "none" }
  | { status: "matched"; contact: QuickAddContact; span: TextSpan }
  | { status: "ambiguous"; candidates: QuickAddContact[]; span: TextSpan }
  | { status: "unknown"; span: TextSpan };

/** A contact or a group the reminder may go to. */
export interface QuickAddRecipient {
  kind: "contact" | "group";
  id: string;
  name: string;
}

/**
 * Who the reminder is for: a name after the verb ("call Mary", "llama a Ana", "rappelle à
 * Hélène", "email the choir") or anywhere outside the message, matched against the contacts and
 * groups, case- and accent-insensitively, by whole name or by its first words. A name several
 * share is ambiguous; a name after a verb that nobody has is unknown (never another name).
 */
export type RecipientDraft =
  | { status: "none" }
  | { status: "matched"; recipient: QuickAddRecipient; span: TextSpan }
  | { status: "ambiguous"; candidates: QuickAddRecipient[]; span: TextSpan }
  | { status: "unknown"; span: TextSpan };

/**
 * `frequencyConfig` of the reminder body, as far as the text gives it, with the schedule's
 * further fields (lib/recurrence's Schedule): each key only when the text says it.
 */
export interface QuickAddFrequencyConfig {
  time: string;
  /** weekly: the days; monthly or yearly with nthWeekday: the one weekday. */
  days?: Weekday[];
  dayOfMonth?: number;
  month?: number;
  /** Every N days, weeks, months or years, N above 1 ("every other Tuesday", "cada 3 meses"). */
  interval?: number;
  /** The first to fourth or last weekday of the month ("the last Friday of every month"). */
  nthWeekday?: NthWeekday;
  /** "10 times" (after), "until June" (by the month's last day). */
  endCondition?: Exclude<EndCondition, "never">;
  endAfterCount?: number;
  endByDate?: string;
  /** 'YYYY-MM-DD': the day the repeat starts ("starting Friday", "a partir del 5 de abril"). */
  anchorDate?: string;
}

/**
 * The schedule fields of the reminder body (`reminderShapeSchema`): a one-time local
 * 'YYYY-MM-DDTHH:MM' in the user's zone, or a frequency with its config. A recurring draft may
 * lack the day (`days`, `dayOfMonth`, `month`) when the text does not say it; the dialog's own
 * checks then ask for it.
 */
export type QuickAddSchedule =
  | { scheduleType: "once"; scheduledFor: string }
  | { scheduleType: "recurring"; frequency: Frequency; frequencyConfig: QuickAddFrequencyConfig };

/** Why a part of the text was left for the user. */
export const UNKNOWN_REASONS = [
  /** Words that are none of the parts read. */
  "not_understood",
  /** A time of day without a date ("at 18:00" alone). */
  "time_without_date",
  /** A date or time that names no single moment ("tonight", "next week", "in March"). */
  "vague",
  /** A date that reads two ways ("3/4" in English: 3 April or March 4). */
  "ambiguous",
  /** Understood, but a reminder cannot hold it ("every hour", an end for a one-time reminder). */
  "unsupported",
  /** A second part of a kind already read (a second channel, date or time). */
  "repeated",
  /** A day the month never has ("every year on 31 April", "29 February" with no leap year). */
  "no_such_date",
] as const;
export type UnknownReason = (typeof UNKNOWN_REASONS)[number];

export interface UnknownPart extends TextSpan {
  reason: UnknownReason;
}

/** What was assumed while reading, for the dialog to say. */
export type QuickAddNote =
  /** No time was given: the dialog's default time. */
  | { kind: "default_time"; time: string }
  /** A day and month without a year, already past this year: next year's. */
  | { kind: "next_year"; date: string }
  /** The moment read is not in the future. */
  | { kind: "in_the_past" }
  /** The wall time does not exist that day (clocks go forward): it goes out `actual`, as the engine sends it. */
  | { kind: "clock_gap"; requested: string; actual: string }
  /** The wall time happens twice that day (clocks go back): the first, earlier one. */
  | { kind: "clock_overlap"; localDateTime: string }
  /** A monthly day 29-31: months without it use their last day. */
  | { kind: "month_end"; dayOfMonth: number }
  /** Yearly on 29 February: 28 February in common years. */
  | { kind: "leap_day" }
  /** A weekly, monthly or yearly repeat without its day: the dialog asks for it. */
  | { kind: "day_needed"; frequency: Frequency }
  /** The repeat read has no occurrence from now on (its end has passed). */
  | { kind: "no_occurrence" };

export interface QuickAddDraft {
  /** The contact or group named. */
  recipient: RecipientDraft;
  /** The contacts' view of `recipient`. */
  contact: ContactDraft;
  channel: DeliveryMethod | null;
  schedule: QuickAddSchedule | null;
  /** The text after ":", or the clause after "to" / "que" / "de"; null when there is none. */
  message: string | null;
  /** Parts left for the user, in text order. */
  unknown: UnknownPart[];
  notes: QuickAddNote[];
}
