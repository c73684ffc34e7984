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

// On the folded text: "día" is "dia", "años" is "anos", "miércoles" is "miercoles".
const DAYS = `(?<days>${weekdayListPattern("es")})`;
const MONTH = monthPattern("es");
const DAY = DAY_NUMBER.es;
const END = "(?![\\p{L}\\p{N}])";
/** "el día 15", "el 1", "el primero", "el último día". */
const DAY_OF_MONTH = `(?:el\\s+)?(?:(?:dia\\s+)?${DAY}|(?<dayword>primero|ultimo)(?:\\s+dia)?)`;
/** "el 3 de marzo", "el día 3 de marzo". */
const DATE = `(?:el\\s+)?(?:dia\\s+)?${DAY}\\s+de\\s+(?<month>${MONTH})`;
const EVERY_MONTH = "\\b(?:cada\\s+mes|todos\\s+los\\s+meses|mensualmente|una\\s+vez\\s+al\\s+mes)";
const EVERY_YEAR = "\\b(?:cada\\s+ano|todos\\s+los\\s+anos|anualmente|una\\s+vez\\s+al\\s+ano)";
const EVERY_WEEK =
  "\\b(?:cada\\s+semana|todas\\s+las\\s+semanas|semanalmente|una\\s+vez\\s+a\\s+la\\s+semana)";

/** Spanish repeat phrases, most specific first. */
export const RECURRENCE_PHRASES_ES: readonly RecurrenceRule[] = [
  rule(
    `\\bcada\\s+(?:\\d+|dos|tres|cuatro|cinco|seis|quince|otro|otra)\\s+(?:dias|semanas|meses|anos|horas|minutos)${END}`,
    unsupported,
  ),
  rule(
    `\\b(?:quincenal(?:mente)?|bimestral(?:mente)?|dia\\s+si,?\\s+dia\\s+no|cada\\s+hora|todas\\s+las\\s+horas|cada\\s+minuto)${END}`,
    unsupported,
  ),
  rule(
    `\\b(?:(?:cada|todos\\s+los)\\s+dias?\\s+(?:laborables?|habiles?|de\\s+(?:la\\s+)?semana)|entre\\s+semana|de\\s+lunes\\s+a\\s+viernes)${END}`,
    () => ({
      frequency: "weekly",
      days: MONDAY_TO_FRIDAY,
    }),
  ),
  rule(
    `\\b(?:cada\\s+fin\\s+de\\s+semana|todos\\s+los\\s+fines\\s+de\\s+semana|los\\s+fines\\s+de\\s+semana)${END}`,
    () => ({
      frequency: "weekly",
      days: WEEKEND,
    }),
  ),
  rule(`${EVERY_WEEK}\\s+(?:el|los)\\s+${DAYS}${END}`, weeklyOn("es")),
  rule(`\\b(?:cada|todos\\s+los)\\s+${DAYS}${END}`, weeklyOn("es")),
  rule(`\\blos\\s+${DAYS}${END}`, weeklyOn("es")),
  rule(`${EVERY_WEEK}${END}`, () => ({ frequency: "weekly" })),
  rule(`${EVERY_MONTH}\\s+${DAY_OF_MONTH}${END}`, monthlyOn("es")),
  rule(`\\bel\\s+(?:dia\\s+)?${DAY}\\s+de\\s+cada\\s+mes${END}`, monthlyOn("es")),
  rule(`\\bel\\s+(?<dayword>primer|ultimo)\\s+dia\\s+de\\s+cada\\s+mes${END}`, monthlyOn("es")),
  rule(
    `\\b(?:cada|todos\\s+los)\\s+dias?\\s+${DAY}(?:\\s+de(?:l|\\s+cada)\\s+mes)?${END}(?!\\s+de\\s+${MONTH})`,
    monthlyOn("es"),
  ),
  rule(`${EVERY_MONTH}${END}`, () => ({ frequency: "monthly" })),
  rule(`${EVERY_YEAR}\\s+${DATE}${END}`, yearlyOn("es")),
  rule(`\\b(?:cada|todos\\s+los)\\s+${DAY}\\s+de\\s+(?<month>${MONTH})${END}`, yearlyOn("es")),
  rule(`${EVERY_YEAR}${END}`, () => ({ frequency: "yearly" })),
  rule(`\\b(?:cada\\s+dia|todos\\s+los\\s+dias|diariamente|a\\s+diario)${END}`, () => ({
    frequency: "daily",
  })),
];
