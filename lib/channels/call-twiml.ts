import "server-only";
import { CALL_GATHER_TIMEOUT_S, CALL_VOICES } from "@/config/calls";
import { toLocale, type Locale } from "@/i18n/locales";

/** What a reminder call says: who it is from, then the message read aloud or the recording. */
export interface CallScript {
  /** The recipient's language: the voice and the fixed lines. */
  locale: string | null | undefined;
  /** The fixed lines in the recipient's language (composeMessage in lib/messages). */
  lines: CallLines;
  /** A text reminder's message (fields filled), read with <Say>; null with a recording. */
  text: string | null;
  /** A voice reminder's recording (MP3 on a signed, expiring link), played with <Play>. */
  audioUrl?: string;
  /** Absolute URL of the keypad's Gather action (the delivery's gather webhook). */
  gatherUrl: string;
}

export interface CallLines {
  /** "A message from Ana, through Remindful." */
  greeting: string;
  /** The keypad's keys, said inside <Gather>. */
  prompt: string;
  goodbye: string;
}

/** Who picked up, from answering-machine detection: a machine gets the message and no keypad. */
export type CallListener = "person" | "machine";

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>`;

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function say(locale: Locale, text: string): string {
  const { voice, language } = CALL_VOICES[locale];
  return `<Say voice="${voice}" language="${language}">${escapeXml(text)}</Say>`;
}

/**
 * The TwiML answered when the call connects. A person hears who it is from, the message, then
 * the keypad prompt inside <Gather> (no key: the prompt once more, then goodbye); a machine
 * (voicemail, after its greeting) hears the same message and no prompt.
 */
export function callTwiml(script: CallScript, listener: CallListener): string {
  const locale = toLocale(script.locale);
  const { lines } = script;
  const message = script.audioUrl
    ? `<Play>${escapeXml(script.audioUrl)}</Play>`
    : say(locale, script.text ?? "");
  const opening = `${say(locale, lines.greeting)}<Pause length="1"/>${message}`;
  const goodbye = `${say(locale, lines.goodbye)}<Hangup/>`;
  if (listener === "machine") return `${XML_HEAD}<Response>${opening}${goodbye}</Response>`;
  const gather =
    `<Gather input="dtmf" numDigits="1" timeout="${CALL_GATHER_TIMEOUT_S}" method="POST" ` +
    `action="${escapeXml(script.gatherUrl)}" actionOnEmptyResult="false">${say(locale, lines.prompt)}</Gather>`;
  return `${XML_HEAD}<Response>${opening}${gather}${gather}${goodbye}</Response>`;
}

/** A short spoken answer (a key's acknowledgement), then the call ends. */
export function sayAndHangUp(localeOf: string | null | undefined, text: string): string {
  return `${XML_HEAD}<Response>${say(toLocale(localeOf), text)}<Hangup/></Response>`;
}

/** Sends the call back to `url` (its TwiML again: "0" hears the message once more). */
export function redirectTwiml(url: string): string {
  return `${XML_HEAD}<Response><Redirect method="POST">${escapeXml(url)}</Redirect></Response>`;
}

/** A short spoken answer, then the call goes back to `url` (a key that does nothing: the message again). */
export function sayAndRedirect(localeOf: string | null | undefined, text: string, url: string): string {
  return `${XML_HEAD}<Response>${say(toLocale(localeOf), text)}<Redirect method="POST">${escapeXml(url)}</Redirect></Response>`;
}

/** An empty answer: Twilio ends the call (an unknown or expired delivery). */
export function hangUpTwiml(): string {
  return `${XML_HEAD}<Response><Hangup/></Response>`;
}
