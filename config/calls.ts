import type { Locale } from "@/i18n/locales";

/**
 * Reminder calls: the voice each language is read in, the keypad, how unanswered calls are
 * retried and where Twilio reaches the app. The engine, the webhooks, the dialog and the docs
 * read these.
 */

/**
 * The text-to-speech voice and language of each locale: Amazon Polly neural voices as Twilio
 * names them for <Say> (https://www.twilio.com/docs/voice/twiml/say/text-speech).
 */
export const CALL_VOICES: Record<Locale, { voice: string; language: string }> = {
  en: { voice: "Polly.Joanna-Neural", language: "en-US" },
  es: { voice: "Polly.Lucia-Neural", language: "es-ES" },
  fr: { voice: "Polly.Lea-Neural", language: "fr-FR" },
};

/**
 * What a key pressed after the message does (0 hears the message again; 8 texts the contact the
 * link to their preferences page).
 */
export const CALL_KEYPAD = {
  "1": "confirm",
  "2": "decline",
  "3": "snooze",
  "8": "preferences_link",
  "9": "opt_out",
  "0": "repeat",
} as const;
export type CallKey = keyof typeof CALL_KEYPAD;
export type CallKeyAction = (typeof CALL_KEYPAD)[CallKey];

/** Seconds the keypad waits for a key after the prompt (Gather's timeout). */
export const CALL_GATHER_TIMEOUT_S = 8;

/** Seconds a call rings before it counts as not answered (the Calls API's Timeout). */
export const CALL_RING_TIMEOUT_S = 30;

/** Longest a call may last (the Calls API's TimeLimit): a 3-minute recording and the keypad fit. */
export const CALL_TIME_LIMIT_S = 300;

/**
 * A call not answered, busy or failed at the carrier is placed again after these waits (then it
 * fails with its reason). A retry that would ring in the contact's quiet hours waits for them to end.
 */
export const CALL_RETRY_DELAYS_MS = [10 * 60_000, 60 * 60_000] as const;

/** Twilio's default rate for creating calls on one account (calls per second), unless configured. */
export const DEFAULT_CALLS_PER_SECOND = 1;

/**
 * Where Twilio reaches the app for a call, each with `?d=<delivery id>`: the TwiML it fetches
 * when the call connects, the keypad's Gather action, and the call's status callbacks.
 */
export const CALL_WEBHOOK_PATHS = {
  twiml: "/api/webhooks/twilio/voice",
  gather: "/api/webhooks/twilio/voice/gather",
  status: "/api/webhooks/twilio/voice/status",
} as const;

/** How long the signed link Twilio fetches a voice recording from (<Play>) stays valid. */
export const CALL_AUDIO_LINK_MS = 2 * 60 * 60_000;
