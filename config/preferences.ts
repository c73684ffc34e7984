import type { DeliveryMethod } from "@/db/schema/enums";
import type { Locale } from "@/i18n/locales";
import { PLAYBACK_LINK_DAYS } from "./media";

/** A preferences link works as long as a playback link sent with the same message. */
export const PREFERENCES_LINK_DAYS = PLAYBACK_LINK_DAYS;

/** How long a request to take a channel back waits for its confirming reply. */
export const CONSENT_REQUEST_HOURS = 24;

/** The furthest a contact can pause reminders: a year after their today. */
export const PAUSE_MAX_DAYS = 366;

/**
 * What one write of the preferences page changed, as its trail line and its
 * `contact.preferences_changed` webhook event name it: the choices (channels, hours, zone, pause)
 * or the language, everything stopped or resumed, e-mail taken back, calls asked back (pending the
 * text message's confirming reply), or a request to be forgotten.
 */
export const PREFERENCE_CHANGES = [
  "preferences",
  "language",
  "stopped",
  "resumed",
  "email_back",
  "calls_requested",
  "forget_requested",
] as const;
export type PreferenceChange = (typeof PREFERENCE_CHANGES)[number];

/**
 * The word a contact replies, from the phone a request went to, to confirm taking a channel back
 * (only calls are taken back this way: SMS and WhatsApp by the contact's own START). The request
 * SMS names it (the delivery text `consent.requestSms`, its `{word}`); a reply of any of the three
 * languages' words confirms, in any case and with or without accents. None of them is one of the
 * reply words already read (STOP, START, HELP and Twilio's other keywords; YES, NO, LATER and
 * their Spanish and French forms), so a reply never does two things.
 */
export const CONSENT_CONFIRM_WORDS = {
  call: { en: "CALLS", es: "LLAMADAS", fr: "APPELS" },
} as const satisfies Partial<Record<DeliveryMethod, Record<Locale, string>>>;

/** A channel a reply can take back. */
export type ConfirmableChannel = keyof typeof CONSENT_CONFIRM_WORDS;

/** The consent records a contact card lists at most, newest first (the export has them all). */
export const CONSENT_HISTORY_LIMIT = 100;
