import { daysInMonth, type CivilDate } from "@/lib/recurrence";
import { monthOf, monthPattern, numberOf, numberPattern } from "./calendar-words";
import { claim, freeFolded, freeMatches, isFree, spanOf, type Sentence } from "./sentence";
import type { QuickAddLocale, TextSpan } from "./types";

/** How a repeat ends, as the text says it: after a count, or by a day. */
export interface EndRead {
  span: TextSpan;
  count?: number;
  byDate?: CivilDate;
}

const END = "(?![\\p{L}\\p{N}])";

/** "10 times", "6 veces", "6 fois". */
const COUNTS: Record<QuickAddLocale, RegExp> = {
  en: new RegExp(`\\b(?:for\\s+)?(?<n>${numberPattern("en")})\\s+times${END}`, "gu"),
  es: new RegExp(`\\b(?:durante\\s+)?(?<n>${numberPattern("es")})\\s+veces${END}`, "gu"),
  fr: new RegExp(`\\b(?:pendant\\s+)?(?<n>${numberPattern("fr")})\\s+fois${END}`, "gu"),
};

/** "until June", "till the end of June", "hasta junio", "hasta finales de junio", "jusqu'en juin", "jusqu'à fin juin". */
const UNTIL_MONTH: Record<QuickAddLocale, RegExp> = {
  en: new RegExp(
    `\\b(?:until|till|til|through|thru)\\s+(?:the\\s+end\\s+of\\s+)?(?<month>${monthPattern("en")})(?:\\s+(?<year>\\d{4}))?${END}(?!\\s*\\d)`,
    "gu",
  ),
  es: new RegExp(
    `\\bhasta\\s+(?:(?:el\\s+)?(?:final|finales|fin)\\s+de\\s+)?(?<month>${monthPattern("es")})(?:\\s+de\\s+(?<year>\\d{4}))?${END}`,
    "gu",
  ),
  fr: new RegExp(
    `\\bjusqu'(?:en|a\\s+(?:la\\s+)?fin(?:\\s+de|\\s+d')?|au\\s+mois\\s+d(?:e\\s+|'))\\s*(?<month>${monthPattern("fr")})(?:\\s+(?<year>\\d{4}))?${END}`,
    "gu",
  ),
};

/** Words before a date that make it the repeat's last day or first day. */
const DATE_MARKERS: Record<QuickAddLocale, { until: RegExp; from: RegExp }> = {
  en: {
    until: /\b(?:until|till|til|through|thru|up\s+to)\s*$/u,
    from: /\b(?:starting(?:\s+(?:on|from))?|from|beginning(?:\s+on)?|as\s+of)\s*$/u,
  },
  es: {
    until: /\bhasta(?:\s+el)?\s*$/u,
    from: /\b(?:a\s+partir\s+(?:del|de|de\s+el)|desde(?:\s+el)?|empezando(?:\s+el)?)\s*$/u,
  },
  fr: {
    until: /\bjusqu'(?:au|a|a\s+le)\s*$/u,
    from: /\b(?:a\s+partir\s+(?:du|de|d')|des\s+le|en\s+commencant\s+(?:le\s+)?)\s*$/u,
  },
};

/** "10 times" and "until June": every end said, claimed, in text order. */
export function readEnds(sentence: Sentence, locale: QuickAddLocale, today: CivilDate): EndRead[] {
  const ends: EndRead[] = [];
  for (const match of freeMatches(sentence, COUNTS[locale])) {
    const count = numberOf(locale, match.groups.n ?? "");
    if (count === null || count < 1) continue;
    claim(sentence, match.start, match.end);
    ends.push({ span: spanOf(sentence, match.start, match.end), count });
  }
  for (const match of freeMatches(sentence, UNTIL_MONTH[locale])) {
    const month = monthOf(locale, match.groups.month ?? "");
    if (month === null) continue;
    // The named month's last day: this year's, or next year's once this year's month has passed.
    const year = match.groups.year
      ? Number(match.groups.year)
      : month < today.month
        ? today.year + 1
        : today.year;
    claim(sentence, match.start, match.end);
    ends.push({
      span: spanOf(sentence, match.start, match.end),
      byDate: { year, month, day: daysInMonth(year, month) },
    });
  }
  return ends.sort((a, b) => a.span.start - b.span.start);
}

/**
 * What the words just before a date make of it: "until March 31" its last day, "starting
 * Friday" / "a partir del viernes" / "à partir de vendredi" its first day; the marker is claimed
 * and joins the date's span. Null when the date stands alone.
 */
export function dateRole(
  sentence: Sentence,
  locale: QuickAddLocale,
  span: TextSpan,
): { role: "until" | "from"; span: TextSpan } | null {
  const before = freeFolded(sentence).slice(0, span.start);
  for (const role of ["until", "from"] as const) {
    const match = DATE_MARKERS[locale][role].exec(before);
    if (!match || !isFree(sentence, match.index, span.start)) continue;
    claim(sentence, match.index, span.start);
    return { role, span: spanOf(sentence, match.index, span.end) };
  }
  return null;
}
