import type { QuickAddLocale } from "./types";

// Folded words (lower case, no accents) that shape a sentence without being one of its parts.

/** Words that open the message clause: "Remind Ana to call", "que llame", "de rappeler", "d'appeler". */
export const MESSAGE_MARKERS: Record<QuickAddLocale, string[]> = {
  en: ["to", "that", "about"],
  es: ["que", "de", "para", "sobre"],
  fr: ["de", "que", "pour", "d'", "qu'"],
};

/** Words that join the parts and mean nothing alone ("on Friday", "el lunes", "le 3 mars"). */
export const FILLERS: Record<QuickAddLocale, string[]> = {
  en: ["on", "at", "in", "the", "and", "then", "please", "also", "a", "an", "for"],
  es: ["el", "la", "los", "las", "a", "al", "en", "y", "e", "por", "favor", "tambien", "para"],
  fr: [
    "le",
    "la",
    "les",
    "l'",
    "a",
    "au",
    "aux",
    "en",
    "et",
    "pour",
    "s'il",
    "te",
    "vous",
    "plait",
    "svp",
    "stp",
  ],
};

/**
 * Times of day and dates that name no single moment, read before chrono (which would turn
 * "tonight" into 22:00 and "next week" into a day) so that they are left for the user.
 */
export const VAGUE: Record<QuickAddLocale, RegExp> = {
  en: /\b(?:tonight|this\s+(?:morning|afternoon|evening)|(?:in\s+the|at)\s+(?:morning|afternoon|evening|night)|morning|afternoon|evening|night|(?:this|next|the)\s+weekend|weekend|(?:next|this)\s+(?:week|month|year)|later|soon|someday|sometime|end\s+of\s+(?:the\s+)?(?:day|week|month))(?![\p{L}\p{N}])/gu,
  es: /\b(?:esta\s+(?:manana|tarde|noche)|(?:por|en)\s+la\s+(?:manana|tarde|noche)|(?:la\s+)?(?:semana|mes|ano)\s+que\s+viene|(?:el|la)\s+(?:proxima?|siguiente)\s+(?:semana|mes|ano)|(?:el\s+)?(?:proximo|siguiente)\s+(?:mes|ano)|(?:la\s+)?(?:proxima|siguiente)\s+semana|(?:mas\s+)?tarde|noche|(?:este|el)\s+fin\s+de\s+semana|pronto|algun\s+dia)(?![\p{L}\p{N}])/gu,
  fr: /\b(?:ce\s+(?:matin|soir)|cet\s+apres-?midi|cette\s+nuit|(?:le|dans\s+la)\s+(?:matinee|soiree|nuit)|(?:le|dans\s+le)\s+(?:matin|soir)|(?:l'|dans\s+l')apres-?midi|matin|soir|(?:la\s+)?nuit|ce\s+week-?end|(?:la\s+)?semaine\s+prochaine|(?:le\s+)?mois\s+prochain|l'annee\s+prochaine|plus\s+tard|bientot|un\s+jour)(?![\p{L}\p{N}])/gu,
};

/** Two days from today, which chrono reads as tomorrow ("pasado mañana" → "mañana"). */
export const DAY_AFTER_TOMORROW: Record<QuickAddLocale, RegExp> = {
  en: /\b(?:the\s+)?day\s+after\s+tomorrow(?![\p{L}\p{N}])/gu,
  es: /\bpasado\s+manana(?![\p{L}\p{N}])/gu,
  fr: /\bapres[\s-]demain(?![\p{L}\p{N}])/gu,
};

/** Words after a weekday that chrono leaves out but that belong to the date ("el lunes que viene"). */
export const DATE_SUFFIX: Record<QuickAddLocale, RegExp | null> = {
  en: null,
  es: /^\s+que\s+viene(?![\p{L}\p{N}])/u,
  fr: /^\s+qui\s+vient(?![\p{L}\p{N}])/u,
};
