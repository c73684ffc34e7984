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
  ambiguous,
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

const DAYS = `(?<days>${weekdayListPattern("en")})`;
const PLURAL_DAYS = `(?<days>(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s(?:(?:\\s*,\\s*|\\s*,?\\s+and\\s+)(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s)*)`;
const WD = `(?<wd>${weekdayPattern("en")})`;
const ORD = `(?<ord>${ordinalPattern("en")})`;
/** An interval: a number, or "other" / "second" (2) and "third" (3). */
const N = `(?<n>${numberPattern("en")}|other|second|2nd|third|3rd)`;
const MONTH = monthPattern("en");
const DAY = DAY_NUMBER.en;
const EVERY = "\\b(?:every|each)\\s+";
const END = "(?![\\p{L}\\p{N}])";
/** "the 15th", "the 1st", "the last day", "the first". */
const DAY_OF_MONTH = `(?:the\\s+)?(?:${DAY}|(?<dayword>first|last)(?:\\s+day)?)`;
/** "3 March", "3rd of March", "the 3rd of March", "March 3", "March 3rd". */
const DATE = `(?:(?:the\\s+)?${DAY}(?:\\s+of)?\\s+(?<month>${MONTH})|(?<month2>${MONTH})\\s+(?<day2>[0-3]?\\d)(?:st|nd|rd|th)?)`;
const UNITS = { day: "daily", week: "weekly", month: "monthly", year: "yearly" } as const;
const intervalWord = (groups: Record<string, string | undefined>) => ({
  ...groups,
  n: { other: "2", second: "2", "2nd": "2", third: "3", "3rd": "3" }[groups.n ?? ""] ?? groups.n,
});

/** English repeat phrases, most specific first, and the phrases that give a repeat its day. */
export const RECURRENCE_PHRASES_EN: RecurrencePhrases = {
  rules: [
    // Hours and minutes: a reminder repeats by whole days at the least.
    rule(`(?:${EVERY}(?:\\d+\\s+|few\\s+|other\\s+)?(?:hours?|minutes?)|\\bhourly)${END}`, unsupported),
    // Twice a week or month, or every two: never chosen.
    rule(`\\b(?:bi-?weekly|bi-?monthly|bi-?annually)${END}`, ambiguous),
    rule(
      `\\b(?:semi-?monthly|twice\\s+(?:a\\s+)?(?:week|month|year)|twice\\s+(?:weekly|monthly))${END}`,
      unsupported,
    ),
    // The nth weekday of every month, of every N months, of the month.
    rule(
      `(?:\\b(?:on|every|each)\\s+)?\\bthe\\s+${ORD}\\s+${WD}\\s+of\\s+(?:every|each)\\s+(?:${N}\\s+months?|month)${END}`,
      (g) => nthMonthly("en")(intervalWord(g)),
    ),
    rule(`(?:\\bon\\s+)?\\bthe\\s+${ORD}\\s+${WD}\\s+of\\s+the\\s+month${END}`, nthMonthly("en")),
    rule(
      `${EVERY}(?<ord>first|1st|last)\\s+${WD}(?:\\s+of\\s+(?:the|every|each)\\s+month)?${END}`,
      nthMonthly("en"),
    ),
    rule(`${EVERY}${ORD}\\s+${WD}\\s+of\\s+(?:the|every|each)\\s+month${END}`, nthMonthly("en")),
    // "every other Tuesday" is every two weeks; "every second/third Tuesday" may be of the month.
    rule(`${EVERY}other\\s+${DAYS}${END}`, weeklyOn("en", 2)),
    rule(`${EVERY}(?:second|2nd|third|3rd|fourth|4th)\\s+${WD}${END}`, ambiguous),
    // Every N days, weeks, months, years.
    rule(`${EVERY}${N}\\s+(?<unit>days?|weeks?|months?|years?)${END}`, (g) =>
      everyN("en", UNITS)(intervalWord(g)),
    ),
    rule(`\\b(?:every\\s+fortnight|fortnightly)${END}`, every("weekly", 2)),
    rule(`\\b(?:every\\s+quarter|quarterly)${END}`, every("monthly", 3)),
    rule(`\\b(?:semi-?annually|every\\s+half\\s+year)${END}`, every("monthly", 6)),
    rule(
      `(?:${EVERY}(?:weekday|working\\s+day|work\\s+day|business\\s+day)|\\bon\\s+weekdays|\\bweekdays|\\b(?:from\\s+)?monday\\s+(?:to|through|thru)\\s+friday)${END}`,
      every("weekly", 1, { days: MONDAY_TO_FRIDAY }),
    ),
    rule(`(?:${EVERY}weekend|\\bon\\s+weekends)${END}`, every("weekly", 1, { days: WEEKEND })),
    rule(`(?:${EVERY}week|\\bweekly)\\s+on\\s+${DAYS}${END}`, weeklyOn("en")),
    rule(`${EVERY}${DAYS}${END}`, weeklyOn("en")),
    rule(`\\bon\\s+${PLURAL_DAYS}${END}`, weeklyOn("en")),
    rule(`(?:${EVERY}week|\\bweekly|\\bonce\\s+a\\s+week)${END}`, every("weekly")),
    // Before the monthly "every 25th": "every 25th of December" is a yearly date.
    rule(`(?:${EVERY}year|\\byearly|\\bannually)\\s+on\\s+${DATE}${END}`, yearlyOn("en")),
    rule(`${EVERY}${DATE}${END}`, yearlyOn("en")),
    rule(`(?:${EVERY}month|\\bmonthly)\\s+on\\s+${DAY_OF_MONTH}${END}`, monthlyOn("en")),
    rule(`\\bon\\s+${DAY_OF_MONTH}\\s+of\\s+(?:every|each|the)\\s+month${END}`, monthlyOn("en")),
    rule(
      `${EVERY}(?:(?<day>[0-3]?\\d)(?:st|nd|rd|th)|(?<dayword>last)\\s+day)(?:\\s+of\\s+the\\s+month)?${END}`,
      monthlyOn("en"),
    ),
    rule(`(?:${EVERY}month|\\bmonthly|\\bonce\\s+a\\s+month)${END}`, every("monthly")),
    rule(`(?:${EVERY}year|\\byearly|\\bannually|\\bonce\\s+a\\s+year)${END}`, every("yearly")),
    rule(
      `(?:${EVERY}(?:morning)|\\bevery\\s+day\\s+in\\s+the\\s+morning)${END}`,
      every("daily", 1, { part: "morning" }),
    ),
    rule(`(?:${EVERY}(?:evening|night)|\\bnightly)${END}`, every("daily", 1, { part: "evening" })),
    rule(`(?:${EVERY}day|\\bdaily|\\beveryday)${END}`, every("daily")),
  ],
  days: [
    dayRule(
      lacksDay.yearly,
      `\\bon\\s+the\\s+${ORD}\\s+${WD}\\s+(?:of|in)\\s+(?<month>${MONTH})${END}`,
      nthFill("en"),
    ),
    dayRule(lacksDay.yearly, `\\bon\\s+${DATE}${END}`, dateFill("en")),
    dayRule(
      lacksDay.monthly,
      `\\bon\\s+the\\s+${ORD}\\s+${WD}(?:\\s+of\\s+the\\s+month)?${END}`,
      nthFill("en"),
    ),
    dayRule(lacksDay.monthly, `\\bon\\s+${DAY_OF_MONTH}${END}`, dayOfMonthFill("en")),
    dayRule(lacksDay.weekly, `(?:\\bon\\s+)?${DAYS}${END}`, daysFill("en")),
  ],
};
