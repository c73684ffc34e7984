import type { DeliveryMethod } from "@/db/schema/enums";
import type { Locale } from "@/i18n/locales";
import { PLAYBACK_LINK_DAYS } from "./media";

/** A preferences link works as long as a playback link sent with the same message. */
export const PREFERENCES_LINK_DAYS = PLAYBACK_LINK_DAYS;

/** How long a request to take a channel back waits for its confirming reply. */
export const CONSENT_REQUEST_HOURS = 24;

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
