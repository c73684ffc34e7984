import type { DeliveryMethod } from "@/db/schema/enums";
import { claim, freeMatches, isFree, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, UnknownPart } from "./types";

/** A channel word, on the folded text. */
const CHANNEL_WORDS: [DeliveryMethod, string][] = [
  ["whatsapp", "whats ?app(?: message)?"],
  ["sms", "sms|texto|text(?: message)?|mensaje de texto|mensaje|message texte|message"],
  ["email", "e-?mail|mail|correo(?: electronico)?|courriel|courrier electronique"],
  [
    "call",
    "(?:phone |telephone )?call|phone|llamada(?: telefonica)?|telefono|appel(?: telephonique)?|telephone",
  ],
];

/** The channel words as one alternation with a named group per method, for other patterns to embed. */
export const CHANNEL_ALTERNATION = CHANNEL_WORDS.map(([method, words]) => `(?<${method}>${words})`).join("|");

/** The method whose named group matched, or null. */
export function methodOf(groups: Record<string, string | undefined>): DeliveryMethod | null {
  return CHANNEL_WORDS.map(([method]) => method).find((method) => groups[method] !== undefined) ?? null;
}

/** "by WhatsApp", "por SMS", "par e-mail", "en llamada", "with a phone call", "par un appel". */
const PREPOSITIONS: Record<QuickAddLocale, string> = {
  en: "by|via|over|through|with|as|on",
  es: "por|via|con|mediante|en|como",
  fr: "par|via|avec|en|sur",
};

const ARTICLES: Record<QuickAddLocale, string> = {
  en: "a|an",
  es: "un|una",
  fr: "un|une",
};

const END = "(?![\\p{L}\\p{N}])";

function channelPattern(locale: QuickAddLocale, objects: boolean): RegExp {
  const lead = objects
    ? `(?:${ARTICLES[locale]})`
    : `(?:${PREPOSITIONS[locale]})\\s+(?:(?:${ARTICLES[locale]})\\s+)?`;
  return new RegExp(`\\b${lead}${objects ? "\\s+" : ""}(?:${CHANNEL_ALTERNATION})${END}`, "gu");
}

const PATTERNS: Record<QuickAddLocale, RegExp> = {
  en: channelPattern("en", false),
  es: channelPattern("es", false),
  fr: channelPattern("fr", false),
};

/** "send Mary an email", "give Hélène a call": the channel as the verb's object. */
const OBJECTS: Record<QuickAddLocale, RegExp> = {
  en: channelPattern("en", true),
  es: channelPattern("es", true),
  fr: channelPattern("fr", true),
};

/**
 * The channel named in the sentence, claimed, after the one a verb gave (`given`: "call",
 * "manda un SMS a"); with `objects`, also a bare "a text" / "an email" (after "send", "give").
 * Saying the same channel again is no second channel; another one is left for the user (never a
 * silent choice between two).
 */
export function readChannel(
  sentence: Sentence,
  locale: QuickAddLocale,
  given: DeliveryMethod | null,
  objects: boolean,
): { channel: DeliveryMethod | null; unknown: UnknownPart[] } {
  let channel = given;
  const unknown: UnknownPart[] = [];
  const found = [
    ...freeMatches(sentence, PATTERNS[locale]),
    ...(objects ? freeMatches(sentence, OBJECTS[locale]) : []),
  ].sort((a, b) => a.start - b.start);
  for (const match of found) {
    const method = methodOf(match.groups);
    if (!method || !isFree(sentence, match.start, match.end)) continue;
    claim(sentence, match.start, match.end);
    if (channel === null) channel = method;
    else if (channel !== method)
      unknown.push({ ...spanOf(sentence, match.start, match.end), reason: "repeated" });
  }
  return { channel, unknown };
}
