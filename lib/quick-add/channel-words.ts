import type { DeliveryMethod } from "@/db/schema/enums";
import { claim, freeMatches, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, UnknownPart } from "./types";

/** A channel word, after its preposition, on the folded text. */
const CHANNEL_WORDS: [DeliveryMethod, string][] = [
  ["whatsapp", "whats ?app"],
  ["sms", "sms|texto|text(?: message)?|mensaje de texto|mensaje|message texte"],
  ["email", "e-?mail|mail|correo(?: electronico)?|courriel|courrier electronique"],
  [
    "call",
    "(?:phone |telephone )?call|phone|llamada(?: telefonica)?|telefono|appel(?: telephonique)?|telephone",
  ],
];

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

function channelPattern(locale: QuickAddLocale): RegExp {
  const words = CHANNEL_WORDS.map(([method, words]) => `(?<${method}>${words})`).join("|");
  return new RegExp(
    `\\b(?:${PREPOSITIONS[locale]})\\s+(?:(?:${ARTICLES[locale]})\\s+)?(?:${words})(?![\\p{L}\\p{N}])`,
    "gu",
  );
}

const PATTERNS: Record<QuickAddLocale, RegExp> = {
  en: channelPattern("en"),
  es: channelPattern("es"),
  fr: channelPattern("fr"),
};

/**
 * The channel named in the sentence, claimed; a second channel phrase is left for the user
 * (never a silent choice between two).
 */
export function readChannel(
  sentence: Sentence,
  locale: QuickAddLocale,
): { channel: DeliveryMethod | null; unknown: UnknownPart[] } {
  let channel: DeliveryMethod | null = null;
  const unknown: UnknownPart[] = [];
  for (const match of freeMatches(sentence, PATTERNS[locale])) {
    const method = CHANNEL_WORDS.map(([m]) => m).find((m) => match.groups[m] !== undefined);
    if (!method) continue;
    claim(sentence, match.start, match.end);
    if (channel === null) channel = method;
    else unknown.push({ ...spanOf(sentence, match.start, match.end), reason: "repeated" });
  }
  return { channel, unknown };
}
