import type { Row } from "./parse-table";

// Now: Tuesday 10 March 2026, 10:00 in Europe/Madrid (tests/unit/quick-add/parse-table.ts).

/** English: repeats, and what is left for the user. */
export const ROWS_EN_REPEAT: Row[] = [
  // Repeats.
  { text: "Remind Ana Monday to Friday at 8", contact: "ana", schedule: "weekly Mon,Tue,Wed,Thu,Fri 08:00" },
  { text: "Remind Ana weekly on Tuesday at 9", contact: "ana", schedule: "weekly Tue 09:00" },
  {
    text: "Remind Ana annually on 1 May",
    contact: "ana",
    schedule: "yearly 05-01 09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "Remind Ana to take 3 pills at 8am every day",
    contact: "ana",
    schedule: "daily 08:00",
    message: "take 3 pills",
  },
  { text: "Remind Ana every day at 8am", contact: "ana", schedule: "daily 08:00" },
  { text: "Remind Ana daily at 21:30 by SMS", contact: "ana", channel: "sms", schedule: "daily 21:30" },
  { text: "Remind Ana every weekday at 7:45", contact: "ana", schedule: "weekly Mon,Tue,Wed,Thu,Fri 07:45" },
  { text: "Remind Ana every week on Sunday at 18:00", contact: "ana", schedule: "weekly Sun 18:00" },
  { text: "Remind Ana every Monday and Thursday at 6 pm", contact: "ana", schedule: "weekly Mon,Thu 18:00" },
  { text: "Remind Ana on Sundays at 10", contact: "ana", schedule: "weekly Sun 10:00" },
  { text: "Remind Ana every weekend at 11am", contact: "ana", schedule: "weekly Sat,Sun 11:00" },
  { text: "Remind Ana every month on the 1st at 9:00", contact: "ana", schedule: "monthly 1 09:00" },
  {
    text: "Remind Ana monthly on the 15th",
    contact: "ana",
    schedule: "monthly 15 09:00",
    notes: ["default_time 09:00"],
  },
  { text: "remind ana every 3rd at 8am", contact: "ana", schedule: "monthly 3 08:00" },
  {
    text: "Remind Ana every month on the 31st at 10:00",
    contact: "ana",
    schedule: "monthly 31 10:00",
    notes: ["month_end 31"],
  },
  {
    text: "Remind Ana on the last day of every month",
    contact: "ana",
    schedule: "monthly 31 09:00",
    notes: ["default_time 09:00", "month_end 31"],
  },
  { text: "Remind Ana every year on 3 March at 10am", contact: "ana", schedule: "yearly 03-03 10:00" },
  {
    text: "Remind Ana every year on 29 February",
    contact: "ana",
    schedule: "yearly 02-29 09:00",
    notes: ["default_time 09:00", "leap_day"],
  },
  { text: "Remind Ana yearly on March 3rd at 8:00", contact: "ana", schedule: "yearly 03-03 08:00" },
  { text: "Remind Ana every 25th of December at 9", contact: "ana", schedule: "yearly 12-25 09:00" },
  {
    text: "Remind Ana every year",
    contact: "ana",
    schedule: "yearly - 09:00",
    notes: ["default_time 09:00", "day_needed yearly"],
  },
  {
    text: "Remind Ana every week at 9",
    contact: "ana",
    schedule: "weekly - 09:00",
    notes: ["day_needed weekly"],
  },
  {
    text: "Remind Ana every month",
    contact: "ana",
    schedule: "monthly - 09:00",
    notes: ["default_time 09:00", "day_needed monthly"],
  },
  { text: "Remind Ana every day at 2:30", contact: "ana", schedule: "daily 02:30" },

  // What a reminder cannot hold, and what names no single moment: left for the user.
  {
    text: "Remind Ana on the 15th at 9",
    contact: "ana",
    unknown: { "15th": "not_understood", "at 9": "time_without_date" },
  },
  {
    text: "Remind Ana Sunday 18:00 WhatsApp",
    contact: "ana",
    schedule: "once 2026-03-15T18:00",
    unknown: { WhatsApp: "not_understood" },
  },
  {
    text: "Remind Ana every 2 weeks",
    contact: "ana",
    schedule: "weekly/2 - 09:00",
    notes: ["default_time 09:00", "day_needed weekly"],
  },
  { text: "Remind Ana every other day at 9", contact: "ana", schedule: "daily/2 09:00" },
  { text: "Remind Ana every hour", contact: "ana", unknown: { "every hour": "unsupported" } },
  {
    text: "Remind Ana fortnightly on Monday",
    contact: "ana",
    schedule: "weekly/2 Mon 09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "Remind Ana every year on 31 April",
    contact: "ana",
    unknown: { "every year on 31 April": "no_such_date" },
  },
  { text: "Remind Ana at 18:00", contact: "ana", unknown: { "at 18:00": "time_without_date" } },
  { text: "Remind Ana next blue moon", contact: "ana", unknown: { "next blue moon": "not_understood" } },
  {
    text: "Remind Ana tonight",
    contact: "ana",
    schedule: "once 2026-03-10T20:00",
    notes: ["default_time 20:00"],
  },
  { text: "Remind Ana next week", contact: "ana", unknown: { "next week": "vague" } },
  { text: "Remind Ana in March", contact: "ana", unknown: { March: "vague" } },
  {
    text: "Remind Ana on 3/4 at 9",
    contact: "ana",
    unknown: { "3/4": "ambiguous", "at 9": "time_without_date" },
  },
  {
    text: "Remind Ana tomorrow at 25:00",
    contact: "ana",
    schedule: "once 2026-03-11T09:00",
    unknown: { "at 25:00": "not_understood" },
    notes: ["default_time 09:00"],
  },
  {
    text: "Remind Ana tomorrow morning",
    contact: "ana",
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "Remind Ana tomorrow by SMS by email",
    contact: "ana",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
    unknown: { "by email": "repeated" },
    notes: ["default_time 09:00"],
  },
  {
    text: "Remind Ana tomorrow at 9 and at 10",
    contact: "ana",
    schedule: "once 2026-03-11T09:00",
    unknown: { "at 10": "repeated" },
  },
  {
    text: "Remind Ana every Sunday from April 5",
    contact: "ana",
    schedule: "weekly Sun 09:00 from:2026-04-05",
    notes: ["default_time 09:00"],
  },
];
