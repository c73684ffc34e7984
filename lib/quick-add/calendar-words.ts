import type { Weekday } from "@/db/schema/enums";
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
