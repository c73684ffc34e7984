import {
  DAY_NUMBER,
  monthPattern,
  numberPattern,
  ordinalPattern,
  weekdayListPattern,
  weekdayPattern,
} from "./calendar-words";
import {
  MONDAY_TO_FRIDAY,
  WEEKEND,
  dateFill,
  dayOfMonthFill,
  dayRule,
  daysFill,
  every,
  everyN,
  lacksDay,
  monthlyOn,
  nthFill,
  nthMonthly,
  rule,
  unsupported,
  weeklyOn,
  yearlyOn,
  type RecurrencePhrases,
} from "./recurrence-rule";

// On the folded text: "année" is "annee", "février" is "fevrier", "ouvrés" is "ouvres".
const DAYS = `(?<days>${weekdayListPattern("fr")})`;
const WD = `(?<wd>${weekdayPattern("fr")})`;
const ORD = `(?<ord>${ordinalPattern("fr")})`;
const N = `(?<n>${numberPattern("fr")})`;
const MONTH = monthPattern("fr");
const DAY = DAY_NUMBER.fr;
const END = "(?![\\p{L}\\p{N}])";
/** "le 1er", "le 15", "le premier", "le dernier jour". */
const DAY_OF_MONTH = `le\\s+(?:${DAY}|(?<dayword>premier|dernier)(?:\\s+jour)?)`;
const EVERY_MONTH = "\\b(?:chaque\\s+mois|tous\\s+les\\s+mois|mensuellement|une\\s+fois\\s+par\\s+mois)";
const EVERY_YEAR =
  "\\b(?:chaque\\s+annee|tous\\s+les\\s+ans|toutes\\s+les\\s+annees|annuellement|une\\s+fois\\s+par\\s+an)";
const EVERY_WEEK =
  "\\b(?:chaque\\s+semaine|toutes\\s+les\\s+semaines|hebdomadairement|une\\s+fois\\s+par\\s+semaine)";
const UNITS = { jour: "daily", semaine: "weekly", mois: "monthly", an: "yearly" } as const;

/** French repeat phrases, most specific first, and the phrases that give a repeat its day. */
export const RECURRENCE_PHRASES_FR: RecurrencePhrases = {
  rules: [
    rule(
      `\\b(?:(?:tous|toutes)\\s+les\\s+(?:\\d+\\s+|deux\\s+)?(?:heures|minutes)|chaque\\s+heure|chaque\\s+minute)${END}`,
      unsupported,
    ),
    // Twice a month ("bimensuel"): a reminder does not hold it.
    rule(`\\b(?:bimensuel(?:le)?(?:ment)?|deux\\s+fois\\s+par\\s+(?:mois|semaine|an))${END}`, unsupported),
    // The nth weekday of every month, of every N months, of the month.
    rule(
      `\\b(?:le|chaque)\\s+${ORD}\\s+${WD}\\s+(?:de\\s+chaque\\s+mois|du\\s+mois|de\\s+tous\\s+les\\s+mois)${END}`,
      nthMonthly("fr"),
    ),
    rule(`\\btous\\s+les\\s+${ORD}\\s+${WD}\\s+du\\s+mois${END}`, nthMonthly("fr")),
    // Every other weekday: "un mardi sur deux".
    rule(`\\bun\\s+${DAYS}\\s+sur\\s+deux${END}`, weeklyOn("fr", 2)),
    // "tous les quinze jours" is a fortnight and "tous les huit jours" a week, as people say them.
    rule(
      `\\b(?:tous\\s+les\\s+(?:quinze|15)\\s+jours|une\\s+semaine\\s+sur\\s+deux)${END}`,
      every("weekly", 2),
    ),
    rule(`\\btous\\s+les\\s+(?:huit|8)\\s+jours${END}`, every("weekly")),
    rule(`\\bun\\s+jour\\s+sur\\s+deux${END}`, every("daily", 2)),
    rule(`\\b(?:un\\s+mois\\s+sur\\s+deux|bimestriel(?:le)?(?:ment)?)${END}`, every("monthly", 2)),
    rule(
      `\\b(?:(?:tous\\s+les|chaque)\\s+trimestres?|trimestriel(?:le)?(?:ment)?)${END}`,
      every("monthly", 3),
    ),
    rule(`\\b(?:(?:tous\\s+les|chaque)\\s+semestres?|semestriel(?:le)?(?:ment)?)${END}`, every("monthly", 6)),
    rule(
      `\\b(?:tous|toutes)\\s+les\\s+${N}\\s+(?<unit>jours|semaines|mois|ans|annees)${END}`,
      everyN("fr", UNITS),
    ),
    rule(
      `\\b(?:chaque\\s+jour\\s+(?:de\\s+(?:la\\s+)?semaine|ouvrable|ouvre)|tous\\s+les\\s+jours\\s+(?:de\\s+(?:la\\s+)?semaine|ouvrables|ouvres)|en\\s+semaine|du\\s+lundi\\s+au\\s+vendredi)${END}`,
      every("weekly", 1, { days: MONDAY_TO_FRIDAY }),
    ),
    rule(
      `\\b(?:chaque\\s+week-?end|tous\\s+les\\s+week-?ends|le\\s+week-?end|les\\s+week-?ends|chaque\\s+fin\\s+de\\s+semaine)${END}`,
      every("weekly", 1, { days: WEEKEND }),
    ),
    rule(`${EVERY_WEEK}\\s+le\\s+${DAYS}${END}`, weeklyOn("fr")),
    rule(`\\b(?:chaque|tous\\s+les)\\s+${DAYS}${END}`, weeklyOn("fr")),
    rule(`${EVERY_WEEK}${END}`, every("weekly")),
    rule(`${EVERY_MONTH}\\s+${DAY_OF_MONTH}${END}`, monthlyOn("fr")),
    rule(`\\ble\\s+${DAY}\\s+de\\s+chaque\\s+mois${END}`, monthlyOn("fr")),
    rule(
      `\\ble\\s+(?<dayword>premier|dernier)\\s+jour\\s+(?:de\\s+chaque|du)\\s+mois${END}`,
      monthlyOn("fr"),
    ),
    rule(`\\btous\\s+les\\s+${DAY}\\s+du\\s+mois${END}`, monthlyOn("fr")),
    rule(`${EVERY_MONTH}${END}`, every("monthly")),
    rule(`${EVERY_YEAR}\\s+le\\s+${DAY}\\s+(?<month>${MONTH})${END}`, yearlyOn("fr")),
    rule(`\\b(?:chaque|tous\\s+les)\\s+${DAY}\\s+(?<month>${MONTH})${END}`, yearlyOn("fr")),
    rule(`${EVERY_YEAR}${END}`, every("yearly")),
    rule(`\\b(?:chaque\\s+matin|tous\\s+les\\s+matins)${END}`, every("daily", 1, { part: "morning" })),
    rule(`\\b(?:chaque\\s+soir|tous\\s+les\\s+soirs)${END}`, every("daily", 1, { part: "evening" })),
    rule(`\\b(?:chaque\\s+jour|tous\\s+les\\s+jours|quotidiennement)${END}`, every("daily")),
  ],
  days: [
    dayRule(
      lacksDay.yearly,
      `\\ble\\s+${ORD}\\s+${WD}\\s+(?:de\\s+|d')(?<month>${MONTH})${END}`,
      nthFill("fr"),
    ),
    dayRule(lacksDay.yearly, `\\ble\\s+${DAY}\\s+(?<month>${MONTH})${END}`, dateFill("fr")),
    dayRule(lacksDay.monthly, `\\ble\\s+${ORD}\\s+${WD}(?:\\s+du\\s+mois)?${END}`, nthFill("fr")),
    dayRule(
      lacksDay.monthly,
      `\\ble\\s+(?:${DAY}|(?<dayword>premier|dernier)\\s+jour)${END}(?!\\s+${MONTH})`,
      dayOfMonthFill("fr"),
    ),
    dayRule(lacksDay.weekly, `\\b(?:le|les)\\s+${DAYS}${END}`, daysFill("fr")),
  ],
};
