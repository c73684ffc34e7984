/**
 * Quick add: one line in plain words (en, es, fr) read into a reminder draft — contact,
 * channel, schedule (the reminder body's own fields) and message — with what was not
 * understood left for the user. Pure: the caller passes the clock, the zone and the contacts.
 * docs/reminders.md ("Quick add") lists what each language understands.
 */
export { parseQuickAdd } from "./parse-quick-add";
export type {
  ContactDraft,
  QuickAddContact,
  QuickAddDraft,
  QuickAddFrequencyConfig,
  QuickAddLocale,
  QuickAddNote,
  QuickAddOptions,
  QuickAddSchedule,
  TextSpan,
  UnknownPart,
  UnknownReason,
} from "./types";
