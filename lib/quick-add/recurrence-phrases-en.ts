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

const DAYS = `(?<days>${weekdayListPattern("en")})`;
const PLURAL_DAYS = `(?<days>(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s(?:(?:\\s*,\\s*|\\s*,?\\s+and\\s+)(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s)*)`;
const MONTH = monthPattern("en");
const DAY = DAY_NUMBER.en;
const EVERY = "\\b(?:every|each)\\s+";
const END = "(?![\\p{L}\\p{N}])";
/** "the 15th", "the 1st", "the last day", "the first". */
const DAY_OF_MONTH = `(?:the\\s+)?(?:${DAY}|(?<dayword>first|last)(?:\\s+day)?)`;
/** "3 March", "3rd of March", "the 3rd of March", "March 3", "March 3rd". */
const DATE = `(?:(?:the\\s+)?${DAY}(?:\\s+of)?\\s+(?<month>${MONTH})|(?<month2>${MONTH})\\s+(?<day2>[0-3]?\\d)(?:st|nd|rd|th)?)`;

/** English repeat phrases, most specific first. */
export const RECURRENCE_PHRASES_EN: readonly RecurrenceRule[] = [
  // Intervals: a reminder repeats every day, week, month or year, not every other one.
  rule(
    `${EVERY}(?:\\d+|two|three|four|five|six|other|second|third)\\s+(?:days?|weeks?|months?|years?|hours?|minutes?)${END}`,
    unsupported,
  ),
  rule(
    `\\b(?:biweekly|fortnightly|bimonthly|hourly|every\\s+fortnight|every\\s+hour|every\\s+minute)${END}`,
    unsupported,
  ),
  rule(
    `(?:${EVERY}(?:weekday|working\\s+day|work\\s+day|business\\s+day)|\\bon\\s+weekdays|\\b(?:from\\s+)?monday\\s+(?:to|through|thru)\\s+friday)${END}`,
    () => ({
      frequency: "weekly",
      days: MONDAY_TO_FRIDAY,
    }),
  ),
  rule(`(?:${EVERY}weekend|\\bon\\s+weekends)${END}`, () => ({ frequency: "weekly", days: WEEKEND })),
  rule(`(?:${EVERY}week|\\bweekly)\\s+on\\s+${DAYS}${END}`, weeklyOn("en")),
  rule(`${EVERY}${DAYS}${END}`, weeklyOn("en")),
  rule(`\\bon\\s+${PLURAL_DAYS}${END}`, weeklyOn("en")),
  rule(`(?:${EVERY}week|\\bweekly|\\bonce\\s+a\\s+week)${END}`, () => ({ frequency: "weekly" })),
  // Before the monthly "every 25th": "every 25th of December" is a yearly date.
  rule(`(?:${EVERY}year|\\byearly|\\bannually)\\s+on\\s+${DATE}${END}`, yearlyOn("en")),
  rule(`${EVERY}${DATE}${END}`, yearlyOn("en")),
  rule(`(?:${EVERY}month|\\bmonthly)\\s+on\\s+${DAY_OF_MONTH}${END}`, monthlyOn("en")),
  rule(`\\bon\\s+${DAY_OF_MONTH}\\s+of\\s+(?:every|each|the)\\s+month${END}`, monthlyOn("en")),
  rule(
    `${EVERY}(?:(?<day>[0-3]?\\d)(?:st|nd|rd|th)|(?<dayword>last)\\s+day)(?:\\s+of\\s+the\\s+month)?${END}`,
    monthlyOn("en"),
  ),
  rule(`(?:${EVERY}month|\\bmonthly|\\bonce\\s+a\\s+month)${END}`, () => ({ frequency: "monthly" })),
  rule(`(?:${EVERY}year|\\byearly|\\bannually|\\bonce\\s+a\\s+year)${END}`, () => ({ frequency: "yearly" })),
  rule(`(?:${EVERY}day|\\bdaily|\\beveryday)${END}`, () => ({ frequency: "daily" })),
];
