/**
 * Quick add: one line in plain words (en, es, fr) read into a reminder draft — recipient
 * (contact or group), channel, schedule (the reminder body's own fields, with intervals, nth
 * weekdays, ends and start days when asked for) and message — with what was not understood
 * left for the user. Pure: the caller passes the clock, the zone and the contacts.
 * docs/reminders.md ("Quick add") lists what each language understands.
 */
export { parseQuickAdd } from "./parse-quick-add";
export { UNKNOWN_REASONS } from "./types";
export type {
  ContactDraft,
  QuickAddContact,
  QuickAddGroup,
  QuickAddRecipient,
  RecipientDraft,
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
