import { claim, freeMatches, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, TextSpan } from "./types";

/** A part of the day: the time it means when none is given, and how it reads an hour. */
export type DayPart = "morning" | "afternoon" | "evening";

/** The time a part of the day stands for when the text gives none (noted as an assumption). */
export const DAY_PART_TIMES: Record<DayPart, string> = {
  morning: "09:00",
  afternoon: "15:00",
  evening: "20:00",
};

/** "tonight", "this evening", "tomorrow morning", "esta noche", "por la mañana", "ce soir", "demain matin". */
export interface DayPartRead {
  span: TextSpan;
  part: DayPart;
  /** The phrase names today as well ("tonight", "esta tarde", "ce soir"). */
  today: boolean;
}

const WORDS: Record<string, DayPart> = {
  morning: "morning",
  afternoon: "afternoon",
  evening: "evening",
  night: "evening",
  tonight: "evening",
  manana: "morning",
  tarde: "afternoon",
  noche: "evening",
  matin: "morning",
  matinee: "morning",
  "apres-midi": "afternoon",
  "apres midi": "afternoon",
  soir: "evening",
  soiree: "evening",
  nuit: "evening",
};

const END = "(?![\\p{L}\\p{N}])";

// Named groups: today (a phrase that names today too), part (the word).
const PATTERNS: Record<QuickAddLocale, RegExp> = {
  en: new RegExp(
    `\\b(?:(?<today>tonight)|this\\s+(?<todayPart>morning|afternoon|evening)|(?:in\\s+the\\s+|at\\s+)?(?<part>morning|afternoon|evening|night))${END}`,
    "gu",
  ),
  es: new RegExp(
    `\\b(?:esta\\s+(?<todayPart>manana|tarde|noche)|(?:por|en|a)\\s+la\\s+(?<part>manana|tarde|noche))${END}`,
    "gu",
  ),
  fr: new RegExp(
    `\\b(?:(?:ce|cet|cette)\\s+(?<todayPart>matin|soir|apres-?midi|nuit)|(?:(?:le|dans\\s+la|dans\\s+le|en|l')\\s*)?(?<part>matinee|soiree|matin|soir|apres-?\\s?midi))${END}`,
    "gu",
  ),
};

/** Every part of the day in the sentence, claimed. */
export function readDayParts(sentence: Sentence, locale: QuickAddLocale): DayPartRead[] {
  return freeMatches(sentence, PATTERNS[locale]).map((match) => {
    claim(sentence, match.start, match.end);
    const word = (match.groups.today ?? match.groups.todayPart ?? match.groups.part ?? "").replace(
      /\s+/g,
      " ",
    );
    const today = match.groups.today !== undefined || match.groups.todayPart !== undefined;
    return { span: spanOf(sentence, match.start, match.end), part: WORDS[word] ?? "morning", today };
  });
}

/** An hour read beside a part of the day: "this evening at 7" is 19:00, "esta tarde a las 5" 17:00. */
export function hourInPart(hour: number, part: DayPart): number {
  if (part === "afternoon" && hour >= 1 && hour < 12) return hour < 8 ? hour + 12 : hour;
  if (part === "evening" && hour >= 5 && hour < 12) return hour + 12;
  return hour;
}
