import type { DeliveryMethod } from "@/db/schema/enums";
import { CHANNEL_ALTERNATION, methodOf } from "./channel-words";
import { claim, freeMatches, freeWords, type Sentence } from "./sentence";
import type { QuickAddLocale } from "./types";

const CH = `(?:${CHANNEL_ALTERNATION})`;

/**
 * The verbs a quick add is said with, on the folded text, each up to where the name follows:
 * "remind", "call" (a phone call), "text" (SMS), "email", "WhatsApp", "send a text to", "llama
 * a", "manda un SMS a", "escribe por WhatsApp a", "appelle", "envoie un e-mail à", "écris sur
 * WhatsApp à". A channel word inside the verb phrase is the channel (named groups of
 * CHANNEL_ALTERNATION); `channel` is the one the verb itself means.
 */
interface Verb {
  pattern: string;
  channel?: DeliveryMethod;
  /** The verb takes the channel as its object later on: "send Mary an email", "give Hélène a call". */
  objects?: boolean;
}

const VERBS: Record<QuickAddLocale, Verb[]> = {
  en: [
    { pattern: `(?:remind(?:er)?(?:\\s+for)?|tell|ask|notify)` },
    { pattern: `send\\s+(?:a|an)\\s+${CH}(?:\\s+to)?` },
    { pattern: `(?:send|give)`, objects: true },
    { pattern: `(?:call|phone|ring|telephone)`, channel: "call" },
    { pattern: `(?:text|sms)`, channel: "sms" },
    { pattern: `(?:e-?mail|mail)`, channel: "email" },
    { pattern: `whats ?app`, channel: "whatsapp" },
    { pattern: `(?:message|write(?:\\s+to)?)` },
  ],
  es: [
    {
      pattern: `(?:recordar(?:le)?|recuerdale|recuerda(?:le)?|avisar(?:le)?|avisale|avisa|decir(?:le)?|dile)(?:\\s+(?:a|al))?`,
    },
    { pattern: `(?:llama(?:le|r|rle)?|telefonea(?:le|r|rle)?)(?:\\s+(?:a|al))?`, channel: "call" },
    {
      pattern: `(?:manda(?:le|r|rle)?|envia(?:le|r|rle)?)\\s+(?:un|una)\\s+${CH}(?:\\s+(?:a|al))?`,
    },
    { pattern: `(?:escribe(?:le)?|escribir(?:le)?)(?:\\s+(?:por|en|un|una)\\s+${CH})?(?:\\s+(?:a|al))?` },
  ],
  fr: [
    { pattern: `(?:rappeler|rappelle(?:-lui)?|rappelez(?:-lui)?|dire|dis|dites)(?:\\s+(?:a|au|aux))?` },
    { pattern: `(?:appelle(?:r|z)?|telephone(?:r|z)?)(?:\\s+(?:a|au|aux))?`, channel: "call" },
    { pattern: `(?:envoie(?:-lui)?|envoyer|envoyez)\\s+(?:un|une)\\s+${CH}(?:\\s+(?:a|au|aux))?` },
    {
      pattern: `(?:ecris(?:-lui)?|ecrire|ecrivez)(?:\\s+(?:par|sur|en|un|une)\\s+${CH})?(?:\\s+(?:a|au|aux))?`,
    },
  ],
};

const POLITE: Record<QuickAddLocale, string> = {
  en: "please",
  es: "por\\s+favor",
  fr: "s'il\\s+te\\s+plait|s'il\\s+vous\\s+plait|stp|svp",
};

const END = "(?![\\p{L}\\p{N}])";

const compile = (locale: QuickAddLocale, verb: Verb, start: boolean) =>
  new RegExp(
    start ? `^\\s*(?:(?:${POLITE[locale]})\\s+)?${verb.pattern}${END}` : `\\b${verb.pattern}${END}`,
    "gu",
  );

const AT_START = {
  en: VERBS.en.map((v) => compile("en", v, true)),
  es: VERBS.es.map((v) => compile("es", v, true)),
  fr: VERBS.fr.map((v) => compile("fr", v, true)),
};
const ANYWHERE = {
  en: VERBS.en.map((v) => compile("en", v, false)),
  es: VERBS.es.map((v) => compile("es", v, false)),
  fr: VERBS.fr.map((v) => compile("fr", v, false)),
};

export interface VerbRead {
  /** Where the name may follow. */
  nameFrom: number;
  channel: DeliveryMethod | null;
  objects: boolean;
}

/**
 * The verb the sentence opens with, claimed; or, with `later`, the first verb after the parts
 * already read ("every Monday at 7:30 text Mary", "tous les vendredis à 8h30 envoie un e-mail à
 * Hélène"): only joining words may stand before it, so a verb inside the message ("to call
 * grandma") is no verb.
 */
export function readVerb(
  sentence: Sentence,
  locale: QuickAddLocale,
  isFiller: (word: string) => boolean,
  later = false,
): VerbRead | null {
  const patterns = later ? ANYWHERE[locale] : AT_START[locale];
  let best: { start: number; end: number; verb: Verb; groups: Record<string, string | undefined> } | null =
    null;
  VERBS[locale].forEach((verb, i) => {
    for (const match of freeMatches(sentence, patterns[i])) {
      // The longest phrase at the earliest place: "send a text to" over "send".
      if (best && (match.start > best.start || (match.start === best.start && match.end <= best.end)))
        continue;
      best = { ...match, verb };
    }
  });
  if (best === null) return null;
  const found: { start: number; end: number; verb: Verb; groups: Record<string, string | undefined> } = best;
  if (later) {
    const before = freeWords(sentence).filter((w) => typeof w !== "string" && w.end <= found.start);
    if (before.some((w) => typeof w !== "string" && !isFiller(w.folded))) return null;
  }
  claim(sentence, found.start, found.end);
  return {
    nameFrom: found.end,
    channel: found.verb.channel ?? methodOf(found.groups),
    objects: found.verb.objects ?? false,
  };
}
