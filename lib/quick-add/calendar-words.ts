import type { Weekday } from "@/db/schema/enums";
import type { NthWeekday } from "@/lib/recurrence";
import type { QuickAddLocale } from "./types";

// Folded (lower case, no accents) names, as the readers' patterns see the text.

const WEEKDAY_NAMES: Record<QuickAddLocale, Record<Weekday, string[]>> = {
  en: {
    Mon: ["monday", "mon"],
    Tue: ["tuesday", "tues", "tue"],
    Wed: ["wednesday", "wed"],
    Thu: ["thursday", "thurs", "thu"],
    Fri: ["friday", "fri"],
    Sat: ["saturday", "sat"],
    Sun: ["sunday", "sun"],
  },
  es: {
    Mon: ["lunes"],
    Tue: ["martes"],
    Wed: ["miercoles"],
    Thu: ["jueves"],
    Fri: ["viernes"],
    Sat: ["sabado"],
    Sun: ["domingo"],
  },
  fr: {
    Mon: ["lundi"],
    Tue: ["mardi"],
    Wed: ["mercredi"],
    Thu: ["jeudi"],
    Fri: ["vendredi"],
    Sat: ["samedi"],
    Sun: ["dimanche"],
  },
};

const MONTH_NAMES: Record<QuickAddLocale, string[][]> = {
  en: [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sept", "sep"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ],
  es: [
    ["enero"],
    ["febrero"],
    ["marzo"],
    ["abril"],
    ["mayo"],
    ["junio"],
    ["julio"],
    ["agosto"],
    ["septiembre", "setiembre"],
    ["octubre"],
    ["noviembre"],
    ["diciembre"],
  ],
  fr: [
    ["janvier"],
    ["fevrier"],
    ["mars"],
    ["avril"],
    ["mai"],
    ["juin"],
    ["juillet"],
    ["aout"],
    ["septembre"],
    ["octobre"],
    ["novembre"],
    ["decembre"],
  ],
};

/** Longest first, so "tuesday" wins over "tue". */
const alternation = (names: string[]) => [...names].sort((a, b) => b.length - a.length).join("|");

/** One weekday name, singular or plural ("sunday", "sundays", "domingos", "lundis"). */
export function weekdayPattern(locale: QuickAddLocale): string {
  return `(?:${alternation(Object.values(WEEKDAY_NAMES[locale]).flat())})s?`;
}

export function monthPattern(locale: QuickAddLocale): string {
  return `(?:${alternation(MONTH_NAMES[locale].flat())})`;
}

/** The weekday a folded name (singular or plural) stands for. */
export function weekdayOf(locale: QuickAddLocale, word: string): Weekday | null {
  for (const [day, names] of Object.entries(WEEKDAY_NAMES[locale]) as [Weekday, string[]][]) {
    if (names.some((name) => word === name || word === `${name}s`)) return day;
  }
  return null;
}

/** Every weekday named in a folded list ("monday, wednesday and friday"), in text order. */
export function weekdaysIn(locale: QuickAddLocale, list: string): Weekday[] {
  const days: Weekday[] = [];
  for (const word of list.split(/[^a-z]+/)) {
    const day = weekdayOf(locale, word);
    if (day && !days.includes(day)) days.push(day);
  }
  return days;
}

/** 1-12 for a folded month name. */
export function monthOf(locale: QuickAddLocale, word: string): number | null {
  const index = MONTH_NAMES[locale].findIndex((names) => names.includes(word));
  return index === -1 ? null : index + 1;
}

/** A list of weekdays: "sunday", "monday and thursday", "lunes, miercoles y viernes". */
export function weekdayListPattern(locale: QuickAddLocale): string {
  const day = weekdayPattern(locale);
  const and = { en: "and", es: "y|e", fr: "et" }[locale];
  return `${day}(?:\\s*,\\s*${day})*(?:\\s*,?\\s+(?:${and})\\s+${day})?`;
}

/** A day of the month in digits, with the ordinal endings each language writes. */
export const DAY_NUMBER: Record<QuickAddLocale, string> = {
  en: "(?<day>[0-3]?\\d)(?:st|nd|rd|th)?",
  es: "(?<day>[0-3]?\\d)(?:º|°|o)?",
  fr: "(?<day>[0-3]?\\d)(?:er|e)?",
};

/** A day of the month written in words, besides the digits. */
export const DAY_WORDS: Record<QuickAddLocale, Record<string, number>> = {
  en: { first: 1, second: 2, third: 3, last: 31 },
  es: { primero: 1, primer: 1, ultimo: 31 },
  fr: { premier: 1, dernier: 31 },
};

/** The first to fourth, the fifth (which no schedule has) and the last, before a weekday. */
const ORDINAL_WORDS: Record<QuickAddLocale, Record<string, NthWeekday | 5>> = {
  en: {
    first: 1,
    "1st": 1,
    second: 2,
    "2nd": 2,
    third: 3,
    "3rd": 3,
    fourth: 4,
    "4th": 4,
    fifth: 5,
    "5th": 5,
    last: -1,
  },
  es: {
    primer: 1,
    primero: 1,
    primeros: 1,
    segundo: 2,
    segundos: 2,
    tercer: 3,
    tercero: 3,
    terceros: 3,
    cuarto: 4,
    cuartos: 4,
    quinto: 5,
    ultimo: -1,
    ultimos: -1,
  },
  fr: {
    premier: 1,
    premiers: 1,
    "1er": 1,
    deuxieme: 2,
    deuxiemes: 2,
    second: 2,
    "2e": 2,
    "2eme": 2,
    troisieme: 3,
    troisiemes: 3,
    "3e": 3,
    "3eme": 3,
    quatrieme: 4,
    quatriemes: 4,
    "4e": 4,
    "4eme": 4,
    cinquieme: 5,
    "5e": 5,
    dernier: -1,
    derniers: -1,
  },
};

export function ordinalPattern(locale: QuickAddLocale): string {
  return `(?:${alternation(Object.keys(ORDINAL_WORDS[locale]))})`;
}

/** 1-4, -1 for the last, 5 for the fifth; null for a word that is no ordinal. */
export function ordinalOf(locale: QuickAddLocale, word: string): NthWeekday | 5 | null {
  return ORDINAL_WORDS[locale][word] ?? null;
}

/** Small numbers in words, besides the digits: "every two weeks", "cada tres meses", "tous les deux mois". */
const NUMBER_WORDS: Record<QuickAddLocale, Record<string, number>> = {
  en: {
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
  },
  es: {
    un: 1,
    una: 1,
    dos: 2,
    tres: 3,
    cuatro: 4,
    cinco: 5,
    seis: 6,
    siete: 7,
    ocho: 8,
    nueve: 9,
    diez: 10,
    once: 11,
    doce: 12,
    quince: 15,
  },
  fr: {
    un: 1,
    une: 1,
    deux: 2,
    trois: 3,
    quatre: 4,
    cinq: 5,
    six: 6,
    sept: 7,
    huit: 8,
    neuf: 9,
    dix: 10,
    onze: 11,
    douze: 12,
    quinze: 15,
  },
};

/** A count in digits or words. */
export function numberPattern(locale: QuickAddLocale): string {
  return `(?:\\d{1,4}|${alternation(Object.keys(NUMBER_WORDS[locale]))})`;
}

export function numberOf(locale: QuickAddLocale, word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[locale][word] ?? null;
}
