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

// On the folded text: "día" is "dia", "años" is "anos", "miércoles" is "miercoles", "sí" is "si".
const DAYS = `(?<days>${weekdayListPattern("es")})`;
const WD = `(?<wd>${weekdayPattern("es")})`;
const ORD = `(?<ord>${ordinalPattern("es")})`;
const N = `(?<n>${numberPattern("es")})`;
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
const UNITS = { dia: "daily", semana: "weekly", mes: "monthly", ano: "yearly" } as const;

/** Spanish repeat phrases, most specific first, and the phrases that give a repeat its day. */
export const RECURRENCE_PHRASES_ES: RecurrencePhrases = {
  rules: [
    rule(
      `\\b(?:cada\\s+(?:\\d+\\s+|dos\\s+)?(?:horas?|minutos?)|todas\\s+las\\s+horas|cada\\s+minuto)${END}`,
      unsupported,
    ),
    // Twice a month: a reminder does not hold it.
    rule(`\\b(?:dos\\s+veces\\s+(?:al|por)\\s+(?:mes|semana|ano))${END}`, unsupported),
    // The nth weekday of every month, of every N months, of the month.
    rule(
      `\\b(?:el\\s+|los\\s+)?${ORD}\\s+${WD}\\s+(?:de\\s+(?:cada|todos\\s+los)\\s+(?:${N}\\s+)?mes(?:es)?|del\\s+mes)${END}`,
      nthMonthly("es"),
    ),
    // Every other weekday: "cada dos martes", "un martes sí y otro no", "martes por medio".
    rule(`\\bcada\\s+(?:dos|2)\\s+${DAYS}${END}`, weeklyOn("es", 2)),
    rule(`\\b(?:un\\s+)?${DAYS}\\s+si,?\\s+(?:y\\s+)?(?:otro|[a-z]+)\\s+no${END}`, weeklyOn("es", 2)),
    rule(`\\b(?:los\\s+)?${DAYS}\\s+(?:de\\s+)?por\\s+medio${END}`, weeklyOn("es", 2)),
    // "cada quince días" is a fortnight and "cada ocho días" a week, as people say them.
    rule(
      `\\b(?:cada\\s+(?:quince|15)\\s+dias|quincenal(?:mente)?|semana\\s+si,?\\s+(?:y\\s+)?(?:otra|semana)\\s+no)${END}`,
      every("weekly", 2),
    ),
    rule(`\\bcada\\s+(?:ocho|8)\\s+dias${END}`, every("weekly")),
    rule(`\\b(?:un\\s+)?dia\\s+si,?\\s+(?:y\\s+)?(?:otro|dia)\\s+no${END}`, every("daily", 2)),
    rule(`\\bbimestral(?:mente)?${END}`, every("monthly", 2)),
    rule(`\\b(?:trimestral(?:mente)?|cada\\s+trimestre)${END}`, every("monthly", 3)),
    rule(`\\b(?:semestral(?:mente)?|cada\\s+semestre)${END}`, every("monthly", 6)),
    rule(`\\bcada\\s+(?:${N}|(?<other>otro|otra))\\s+(?<unit>dias?|semanas?|mes(?:es)?|anos?)${END}`, (g) =>
      everyN("es", UNITS)(g.other ? { ...g, n: "2" } : g),
    ),
    rule(
      `\\b(?:(?:cada|todos\\s+los)\\s+dias?\\s+(?:laborables?|habiles?|de\\s+(?:la\\s+)?semana)|entre\\s+semana|de\\s+lunes\\s+a\\s+viernes)${END}`,
      every("weekly", 1, { days: MONDAY_TO_FRIDAY }),
    ),
    rule(
      `\\b(?:cada\\s+fin\\s+de\\s+semana|todos\\s+los\\s+fines\\s+de\\s+semana|los\\s+fines\\s+de\\s+semana)${END}`,
      every("weekly", 1, { days: WEEKEND }),
    ),
    rule(`${EVERY_WEEK}\\s+(?:el|los)\\s+${DAYS}${END}`, weeklyOn("es")),
    rule(`\\b(?:cada|todos\\s+los)\\s+${DAYS}${END}`, weeklyOn("es")),
    rule(`\\blos\\s+${DAYS}${END}`, weeklyOn("es")),
    rule(`${EVERY_WEEK}${END}`, every("weekly")),
    rule(`${EVERY_MONTH}\\s+${DAY_OF_MONTH}${END}`, monthlyOn("es")),
    rule(`\\bel\\s+(?:dia\\s+)?${DAY}\\s+de\\s+cada\\s+mes${END}`, monthlyOn("es")),
    rule(`\\bel\\s+(?<dayword>primer|ultimo)\\s+dia\\s+de\\s+cada\\s+mes${END}`, monthlyOn("es")),
    rule(
      `\\b(?:cada|todos\\s+los)\\s+dias?\\s+${DAY}(?:\\s+de(?:l|\\s+cada)\\s+mes)?${END}(?!\\s+de\\s+${MONTH})`,
      monthlyOn("es"),
    ),
    rule(`${EVERY_MONTH}${END}`, every("monthly")),
    rule(`${EVERY_YEAR}\\s+${DATE}${END}`, yearlyOn("es")),
    rule(`\\b(?:cada|todos\\s+los)\\s+${DAY}\\s+de\\s+(?<month>${MONTH})${END}`, yearlyOn("es")),
    rule(`${EVERY_YEAR}${END}`, every("yearly")),
    rule(`\\b(?:cada\\s+manana|todas\\s+las\\s+mananas)${END}`, every("daily", 1, { part: "morning" })),
    rule(`\\b(?:cada\\s+tarde|todas\\s+las\\s+tardes)${END}`, every("daily", 1, { part: "afternoon" })),
    rule(`\\b(?:cada\\s+noche|todas\\s+las\\s+noches)${END}`, every("daily", 1, { part: "evening" })),
    rule(`\\b(?:cada\\s+dia|todos\\s+los\\s+dias|diariamente|a\\s+diario)${END}`, every("daily")),
  ],
  days: [
    dayRule(lacksDay.yearly, `\\bel\\s+${ORD}\\s+${WD}\\s+de\\s+(?<month>${MONTH})${END}`, nthFill("es")),
    dayRule(lacksDay.yearly, `\\b${DATE}${END}`, dateFill("es")),
    dayRule(
      lacksDay.monthly,
      `\\bel\\s+${ORD}\\s+${WD}(?:\\s+de(?:l|\\s+cada)\\s+mes)?${END}`,
      nthFill("es"),
    ),
    dayRule(
      lacksDay.monthly,
      `\\bel\\s+(?:(?:dia\\s+)?${DAY}|(?<dayword>primer|ultimo)\\s+dia)${END}(?!\\s+de\\s+${MONTH})`,
      dayOfMonthFill("es"),
    ),
    dayRule(lacksDay.weekly, `\\b(?:el|los)\\s+${DAYS}${END}`, daysFill("es")),
  ],
};
