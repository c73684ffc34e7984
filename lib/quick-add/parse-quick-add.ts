import { assertTimeZone } from "@/lib/recurrence";
import { buildSchedule } from "./build-schedule";
import { readChannel } from "./channel-words";
import { matchContact, type NameWords } from "./match-contact";
import { readDates } from "./read-date";
import { isFiller, isMarker, readLeftovers } from "./read-leftovers";
import { RECURRENCE_PHRASES_EN } from "./recurrence-phrases-en";
import { RECURRENCE_PHRASES_ES } from "./recurrence-phrases-es";
import { RECURRENCE_PHRASES_FR } from "./recurrence-phrases-fr";
import { readRecurrence } from "./recurrence-rule";
import { claim, createSentence, freeMatches, spanOf } from "./sentence";
import { OPENING, VAGUE } from "./sentence-words";
import { readTimes } from "./time-words";
import type { QuickAddDraft, QuickAddOptions, UnknownPart } from "./types";

const RECURRENCE_PHRASES = {
  en: RECURRENCE_PHRASES_EN,
  es: RECURRENCE_PHRASES_ES,
  fr: RECURRENCE_PHRASES_FR,
};

/** The first ":" that is not inside a time ("18:00"): what follows is the message. */
function messageColon(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === ":" && !(/\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? ""))) return i;
  }
  return -1;
}

/**
 * One line in plain words → a reminder draft for the dialog to show before anything is saved:
 * "Remind Ana every Sunday at 18:00 by WhatsApp: call grandma", "recordar a mamá mañana a las 9
 * por SMS", "rappeler Paul le 3 mars à 10h". Dates and times are wall times in `timeZone`,
 * counted from `now`. Nothing is guessed: what is not read is in `unknown`, what is assumed in
 * `notes`. Throws RangeError for an unknown zone.
 */
export function parseQuickAdd(text: string, options: QuickAddOptions): QuickAddDraft {
  const { locale, timeZone, now, contacts } = options;
  assertTimeZone(timeZone);
  const colon = messageColon(text);
  const sentence = createSentence(colon === -1 ? text : text.slice(0, colon));
  const colonMessage = colon === -1 ? "" : text.slice(colon + 1).trim();
  const nameWords: NameWords = {
    isFiller: (word) => isFiller(locale, word),
    isMarker: (word) => isMarker(locale, word),
  };

  const opening = OPENING[locale].exec(sentence.folded);
  const nameFrom = opening ? opening[0].length : 0;
  if (opening) claim(sentence, 0, nameFrom);
  // Known names first, so that a contact called April or Domingo is not read as a date.
  let contact = matchContact(sentence, nameFrom, contacts, nameWords, false);

  const channel = readChannel(sentence, locale);
  const times = readTimes(sentence, locale);
  const recurrence = readRecurrence(sentence, RECURRENCE_PHRASES[locale]);
  const vague: UnknownPart[] = freeMatches(sentence, VAGUE[locale]).map((match) => {
    claim(sentence, match.start, match.end);
    return { ...spanOf(sentence, match.start, match.end), reason: "vague" };
  });
  const dates = readDates(sentence, { locale, timeZone, now });
  if (contact.status === "none")
    contact = matchContact(sentence, nameFrom, contacts, nameWords, opening !== null);
  const leftovers = readLeftovers(sentence, locale, colonMessage !== "");
  const built = buildSchedule({
    recurrence: recurrence.recurrence,
    unusableRecurrence: recurrence.unusable,
    times: times.times,
    dates: dates.dates,
    timeZone,
    now,
  });

  const unknown = [
    ...channel.unknown,
    ...times.unknown,
    ...recurrence.unknown,
    ...vague,
    ...dates.unknown,
    ...leftovers.unknown,
    ...built.unknown,
  ].sort((a, b) => a.start - b.start);
  return {
    contact,
    channel: channel.channel,
    schedule: built.schedule,
    message: colonMessage || leftovers.message?.text || null,
    unknown,
    notes: built.notes,
  };
}
