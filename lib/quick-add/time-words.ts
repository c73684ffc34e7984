import { monthPattern } from "./calendar-words";
import { claim, freeMatches, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, TextSpan, UnknownPart } from "./types";

/** A wall time of day read from the text. */
export interface TimeRead {
  span: TextSpan;
  hour: number;
  minute: number;
  /** The text settles morning or evening (am/pm, "de la tarde", noon, a 24-hour time): no part of the day moves it. */
  fixed: boolean;
}

type Groups = Record<string, string | undefined>;

/** Not inside a word ("noon" in "afternoon", "midi" in "après-midi"). */
const START = "(?<![\\p{L}\\p{N}-])";
/** Not followed by a letter or digit (the end of a word or number). */
const END = "(?![\\p{L}\\p{N}])";
/** Not a duration: "in 2 h", "dans 2 h", "dentro de 2 h" are left to the date reader. */
const NOT_AFTER_IN = "(?<!\\b(?:in|dans|en|de)\\s*)";
/** "at 3 March" is a date, not 03:00. */
const NOT_BEFORE_MONTH = `(?!\\s+(?:of\\s+)?${monthPattern("en")}${END})`;

// Patterns on the folded text, most specific first; named groups: h, m (digits), mer (am/pm),
// part (time of day), word (noon, midnight), frac (half, quarter past), less (quarter to).
const PATTERNS: Record<QuickAddLocale, string[]> = {
  en: [
    `(?:(?:\\bat|@)\\s*)?(?<h>\\d{1,2})(?:[:.](?<m>\\d{2}))?\\s*(?<mer>a\\.?m\\.?|p\\.?m\\.?)(?![\\p{L}\\p{N}.])`,
    `(?:\\bat|@)\\s*(?<h>\\d{1,2})(?:[:.h](?<m>\\d{2}))?(?:\\s*o'?clock)?(?:\\s+(?:in the\\s+(?<part>morning|afternoon|evening)|at\\s+(?<night>night)))?${END}${NOT_BEFORE_MONTH}`,
    `(?:\\bat\\s+)?${START}(?<word>noon|midday|midnight)${END}`,
    `(?<h>\\d{1,2})(?::|h)(?<m>\\d{2})${END}`,
    `${NOT_AFTER_IN}(?<h>\\d{1,2})h${END}`,
  ],
  es: [
    `\\b(?:a\\s+)?(?:las|la)\\s+(?<h>\\d{1,2})(?:[:.h](?<m>\\d{2}))?(?:\\s*(?:h|hs|hrs|horas?)\\b)?(?:\\s+y\\s+(?<frac>media|cuarto)|\\s+menos\\s+(?<less>cuarto))?(?:\\s+(?:de|por|en)\\s+la\\s+(?<part>manana|tarde|noche|madrugada))?${END}`,
    `(?:\\ba\\s+(?:el\\s+)?|\\bal\\s+)?${START}(?<word>mediodia|medianoche)${END}`,
    `(?<h>\\d{1,2})(?::|h)(?<m>\\d{2})${END}`,
    `${NOT_AFTER_IN}(?<h>\\d{1,2})\\s*(?:h|hs)${END}`,
  ],
  fr: [
    `\\ba\\s+(?<h>\\d{1,2})\\s*(?:h|heures?)(?:\\s*(?<m>\\d{2}))?(?:\\s+et\\s+(?<frac>demie|quart)|\\s+moins\\s+(?:le\\s+)?(?<less>quart))?(?:\\s+(?<part>du matin|de l'apres-midi|de l'apres midi|du soir))?${END}`,
    `\\ba\\s+(?<h>\\d{1,2})[:.](?<m>\\d{2})${END}`,
    `(?:\\ba\\s+)?${START}(?<word>midi|minuit)${END}`,
    `(?<h>\\d{1,2})\\s*(?::|h)\\s*(?<m>\\d{2})${END}`,
    `${NOT_AFTER_IN}(?<h>\\d{1,2})\\s*h${END}`,
  ],
};

const COMPILED: Record<QuickAddLocale, RegExp[]> = {
  en: PATTERNS.en.map((p) => new RegExp(p, "gu")),
  es: PATTERNS.es.map((p) => new RegExp(p, "gu")),
  fr: PATTERNS.fr.map((p) => new RegExp(p, "gu")),
};

const WORD_TIMES: Record<string, number> = {
  noon: 12,
  midday: 12,
  mediodia: 12,
  midi: 12,
  midnight: 0,
  medianoche: 0,
  minuit: 0,
};

const AFTERNOON = ["afternoon", "tarde", "de l'apres-midi", "de l'apres midi"];
const EVENING = ["evening", "noche", "du soir"];

/** Hour and minute of a match, or null when the numbers are no time of day (25:00, 13pm). */
function clockOf(groups: Groups): { hour: number; minute: number; fixed: boolean } | null {
  if (groups.word) return { hour: WORD_TIMES[groups.word], minute: 0, fixed: true };
  let hour = Number(groups.h);
  let minute = groups.m ? Number(groups.m) : 0;
  if (groups.frac) minute += groups.frac === "media" || groups.frac === "demie" ? 30 : 15;
  if (groups.less) {
    hour -= 1;
    minute = 45;
  }
  if (groups.mer) {
    if (hour < 1 || hour > 12) return null;
    const pm = groups.mer.startsWith("p");
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  const part = groups.part ?? groups.night;
  if (part && hour <= 12) {
    // "6 in the evening" is 18:00; "12 at night" is midnight; "2 de la noche" stays 02:00.
    if (AFTERNOON.includes(part) && hour < 12) hour += 12;
    else if ((EVENING.includes(part) || part === "night") && hour >= 6 && hour < 12) hour += 12;
    else if ((EVENING.includes(part) || part === "night") && hour === 12) hour = 0;
  }
  if (hour < 0 || hour > 23 || minute > 59) return null;
  const fixed = Boolean(groups.mer || part) || hour === 0 || hour > 12;
  return { hour, minute, fixed };
}

/** Every time of day in the sentence, claimed; a match that is no time is left for the user. */
export function readTimes(
  sentence: Sentence,
  locale: QuickAddLocale,
): { times: TimeRead[]; unknown: UnknownPart[] } {
  const times: TimeRead[] = [];
  const unknown: UnknownPart[] = [];
  for (const pattern of COMPILED[locale]) {
    for (const match of freeMatches(sentence, pattern)) {
      claim(sentence, match.start, match.end);
      const span = spanOf(sentence, match.start, match.end);
      const clock = clockOf(match.groups);
      if (clock) times.push({ span, ...clock });
      else unknown.push({ ...span, reason: "not_understood" });
    }
  }
  times.sort((a, b) => a.span.start - b.span.start);
  return { times, unknown };
}
