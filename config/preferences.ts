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
