import { assertTimeZone, utcToLocal } from "@/lib/recurrence";
import { buildSchedule } from "./build-schedule";
import { readChannel } from "./channel-words";
import { readDayParts } from "./day-part-words";
import {
  addressBook,
  contactDraftOf,
  findRecipient,
  matchRecipientAt,
  type NameWords,
} from "./match-recipient";
import { readDates } from "./read-date";
import { isFiller, isMarker, readLeftovers } from "./read-leftovers";
import { RECURRENCE_PHRASES_EN } from "./recurrence-phrases-en";
import { RECURRENCE_PHRASES_ES } from "./recurrence-phrases-es";
import { RECURRENCE_PHRASES_FR } from "./recurrence-phrases-fr";
import { readRecurrence } from "./recurrence-rule";
import { dateRole, readEnds } from "./repeat-bounds";
import { claim, createSentence, freeMatches, spanOf } from "./sentence";
import { VAGUE } from "./sentence-words";
import { readTimes } from "./time-words";
import type { QuickAddDraft, QuickAddOptions, RecipientDraft, UnknownPart } from "./types";
import { readVerb } from "./verb-words";

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
 * "call Mary every weekday at 8:15 am: take your pills", "manda un SMS a José pasado mañana a las
 * 18:30: recoger las llaves", "tous les vendredis à 8h30 envoie un e-mail à Hélène : réunion".
 * The verb may give the channel ("call", "text", "llama a", "envoie un e-mail à"), the recipient
 * is a contact or group named after it or anywhere before the message, the message follows ":"
 * or "to / that / que / para / de / pour". Dates and times are wall times in `timeZone`, counted
 * from `now`. Nothing is guessed: what is not read is in `unknown`, what is assumed in `notes`.
 * Throws RangeError for an unknown zone.
 */
export function parseQuickAdd(text: string, options: QuickAddOptions): QuickAddDraft {
  const { locale, timeZone, now } = options;
  assertTimeZone(timeZone);
  const colon = messageColon(text);
  const sentence = createSentence(colon === -1 ? text : text.slice(0, colon));
  const colonMessage = colon === -1 ? "" : text.slice(colon + 1).trim();
  const nameWords: NameWords = {
    isFiller: (word) => isFiller(locale, word),
    isMarker: (word) => isMarker(locale, word),
  };
  const book = addressBook(options.contacts, options.groups ?? []);

  let verb = readVerb(sentence, locale, nameWords.isFiller);
  // Known names first, so that a contact called April or Domingo is not read as a date.
  let recipient: RecipientDraft = verb
    ? matchRecipientAt(sentence, verb.nameFrom, book, nameWords, false)
    : { status: "none" };

  const channel = readChannel(sentence, locale, verb?.channel ?? null, verb?.objects ?? false);
  const times = readTimes(sentence, locale);
  // Repeats before parts of the day: "every evening" is a repeat, "tomorrow evening" a part.
  const recurrence = readRecurrence(sentence, RECURRENCE_PHRASES[locale]);
  const dayParts = readDayParts(sentence, locale);
  const ends = readEnds(sentence, locale, utcToLocal(now.getTime(), timeZone));
  const vague: UnknownPart[] = freeMatches(sentence, VAGUE[locale]).map((match) => {
    claim(sentence, match.start, match.end);
    return { ...spanOf(sentence, match.start, match.end), reason: "vague" };
  });
  const dates = readDates(sentence, { locale, timeZone, now });
  for (const date of dates.dates) {
    const role = dateRole(sentence, locale, date.span);
    if (role) Object.assign(date, { role: role.role, span: role.span });
  }

  // A verb after the schedule: "every Monday at 7:30 text Mary", "mañana a las 8 llama a José".
  let lateChannel = channel;
  if (!verb) {
    verb = readVerb(sentence, locale, nameWords.isFiller, true);
    if (verb) lateChannel = readChannel(sentence, locale, verb.channel ?? channel.channel, verb.objects);
  }
  if (recipient.status === "none" && verb)
    recipient = matchRecipientAt(sentence, verb.nameFrom, book, nameWords, false);
  if (recipient.status === "none") recipient = findRecipient(sentence, book, nameWords);
  // A verb announced a name that nobody has: said as it is, never another name.
  if (recipient.status === "none" && verb)
    recipient = matchRecipientAt(sentence, verb.nameFrom, book, nameWords, true);

  const leftovers = readLeftovers(sentence, locale, colonMessage !== "");
  const built = buildSchedule({
    recurrence: recurrence.recurrence,
    unusableRecurrence: recurrence.unusable,
    times: times.times,
    dates: dates.dates,
    dayParts,
    ends,
    timeZone,
    now,
    rich: options.richSchedules ?? false,
  });

  const unknown = [
    ...channel.unknown,
    ...(lateChannel === channel ? [] : lateChannel.unknown),
    ...times.unknown,
    ...recurrence.unknown,
    ...vague,
    ...dates.unknown,
    ...leftovers.unknown,
    ...built.unknown,
  ].sort((a, b) => a.start - b.start);
  return {
    recipient,
    contact: contactDraftOf(recipient),
    channel: lateChannel.channel,
    schedule: built.schedule,
    message: colonMessage || leftovers.message?.text || null,
    unknown,
    notes: built.notes,
  };
}
