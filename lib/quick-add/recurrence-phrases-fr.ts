import { DAY_NUMBER, monthPattern, weekdayListPattern } from "./calendar-words";
import {
  MONDAY_TO_FRIDAY,
  WEEKEND,
  monthlyOn,
  rule,
  unsupported,
  weeklyOn,
  yearlyOn,
  type RecurrenceRule,
} from "./recurrence-rule";

// On the folded text: "année" is "annee", "février" is "fevrier", "ouvrés" is "ouvres".
const DAYS = `(?<days>${weekdayListPattern("fr")})`;
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

/** French repeat phrases, most specific first. */
export const RECURRENCE_PHRASES_FR: readonly RecurrenceRule[] = [
  rule(
    `\\b(?:tous|toutes)\\s+les\\s+(?:\\d+|deux|trois|quatre|cinq|six|quinze)\\s+(?:jours|semaines|mois|ans|annees|heures|minutes)${END}`,
    unsupported,
  ),
  rule(
    `\\b(?:un\\s+jour\\s+sur\\s+deux|une\\s+semaine\\s+sur\\s+deux|un\\s+mois\\s+sur\\s+deux|bimensuel(?:le)?|chaque\\s+heure|toutes\\s+les\\s+heures|chaque\\s+minute)${END}`,
    unsupported,
  ),
  rule(
    `\\b(?:chaque\\s+jour\\s+(?:de\\s+(?:la\\s+)?semaine|ouvrable|ouvre)|tous\\s+les\\s+jours\\s+(?:de\\s+(?:la\\s+)?semaine|ouvrables|ouvres)|en\\s+semaine|du\\s+lundi\\s+au\\s+vendredi)${END}`,
    () => ({
      frequency: "weekly",
      days: MONDAY_TO_FRIDAY,
    }),
  ),
  rule(
    `\\b(?:chaque\\s+week-?end|tous\\s+les\\s+week-?ends|le\\s+week-?end|les\\s+week-?ends|chaque\\s+fin\\s+de\\s+semaine)${END}`,
    () => ({
      frequency: "weekly",
      days: WEEKEND,
    }),
  ),
  rule(`${EVERY_WEEK}\\s+le\\s+${DAYS}${END}`, weeklyOn("fr")),
  rule(`\\b(?:chaque|tous\\s+les)\\s+${DAYS}${END}`, weeklyOn("fr")),
  rule(`${EVERY_WEEK}${END}`, () => ({ frequency: "weekly" })),
  rule(`${EVERY_MONTH}\\s+${DAY_OF_MONTH}${END}`, monthlyOn("fr")),
  rule(`\\ble\\s+${DAY}\\s+de\\s+chaque\\s+mois${END}`, monthlyOn("fr")),
  rule(`\\ble\\s+(?<dayword>premier|dernier)\\s+jour\\s+(?:de\\s+chaque|du)\\s+mois${END}`, monthlyOn("fr")),
  rule(`\\btous\\s+les\\s+${DAY}\\s+du\\s+mois${END}`, monthlyOn("fr")),
  rule(`${EVERY_MONTH}${END}`, () => ({ frequency: "monthly" })),
  rule(`${EVERY_YEAR}\\s+le\\s+${DAY}\\s+(?<month>${MONTH})${END}`, yearlyOn("fr")),
  rule(`\\b(?:chaque|tous\\s+les)\\s+${DAY}\\s+(?<month>${MONTH})${END}`, yearlyOn("fr")),
  rule(`${EVERY_YEAR}${END}`, () => ({ frequency: "yearly" })),
  rule(`\\b(?:chaque\\s+jour|tous\\s+les\\s+jours|quotidiennement)${END}`, () => ({ frequency: "daily" })),
];
