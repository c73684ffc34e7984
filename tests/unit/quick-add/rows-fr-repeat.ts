import type { Row } from "./parse-table";

// Now: Tuesday 10 March 2026, 10:00 in Europe/Madrid (tests/unit/quick-add/parse-table.ts).

/** French: repeats, and what is left for the user. */
export const ROWS_FR_REPEAT: Row[] = [
  // Repeats.
  { text: "rappeler Paul en semaine à 8h", contact: "paul", schedule: "weekly Mon,Tue,Wed,Thu,Fri 08:00" },
  { text: "rappeler Paul chaque jour à 8h", contact: "paul", schedule: "daily 08:00" },
  {
    text: "rappeler Paul tous les jours à 21h30 par SMS",
    contact: "paul",
    channel: "sms",
    schedule: "daily 21:30",
  },
  {
    text: "rappeler Paul quotidiennement",
    contact: "paul",
    schedule: "daily 09:00",
    notes: ["default_time 09:00"],
  },
  { text: "rappeler Paul chaque jour à 2h30", contact: "paul", schedule: "daily 02:30" },
  {
    text: "rappeler Paul chaque jour de la semaine à 7h45",
    contact: "paul",
    schedule: "weekly Mon,Tue,Wed,Thu,Fri 07:45",
  },
  {
    text: "rappeler Paul du lundi au vendredi à 8h",
    contact: "paul",
    schedule: "weekly Mon,Tue,Wed,Thu,Fri 08:00",
  },
  { text: "rappeler Paul le week-end à 11h", contact: "paul", schedule: "weekly Sat,Sun 11:00" },
  { text: "rappeler Paul chaque dimanche à 18h", contact: "paul", schedule: "weekly Sun 18:00" },
  { text: "rappeler Paul tous les lundis à 9h", contact: "paul", schedule: "weekly Mon 09:00" },
  { text: "rappeler Paul chaque semaine le dimanche à 18h", contact: "paul", schedule: "weekly Sun 18:00" },
  {
    text: "rappeler Paul tous les mardis et jeudis à 17h",
    contact: "paul",
    schedule: "weekly Tue,Thu 17:00",
  },
  {
    text: "rappeler Paul chaque lundi, mercredi et vendredi à 10h",
    contact: "paul",
    schedule: "weekly Mon,Wed,Fri 10:00",
  },
  {
    text: "rappeler Paul chaque mois le 1er",
    contact: "paul",
    schedule: "monthly 1 09:00",
    notes: ["default_time 09:00"],
  },
  { text: "rappeler Paul tous les mois le 15 à 9h", contact: "paul", schedule: "monthly 15 09:00" },
  { text: "rappeler Paul le 5 de chaque mois à 12h", contact: "paul", schedule: "monthly 5 12:00" },
  {
    text: "rappeler Paul chaque mois le 31 à 10h",
    contact: "paul",
    schedule: "monthly 31 10:00",
    notes: ["month_end 31"],
  },
  {
    text: "rappeler Paul le dernier jour du mois à 20h",
    contact: "paul",
    schedule: "monthly 31 20:00",
    notes: ["month_end 31"],
  },
  {
    text: "rappeler Paul tous les ans le 3 mars",
    contact: "paul",
    schedule: "yearly 03-03 09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Paul chaque année le 29 février à 10h",
    contact: "paul",
    schedule: "yearly 02-29 10:00",
    notes: ["leap_day"],
  },
  { text: "rappeler Paul chaque 25 décembre à 9h", contact: "paul", schedule: "yearly 12-25 09:00" },
  {
    text: "rappeler Paul chaque année",
    contact: "paul",
    schedule: "yearly - 09:00",
    notes: ["default_time 09:00", "day_needed yearly"],
  },
  {
    text: "rappeler Paul toutes les semaines à 9h",
    contact: "paul",
    schedule: "weekly - 09:00",
    notes: ["day_needed weekly"],
  },
  {
    text: "rappeler Paul tous les mois",
    contact: "paul",
    schedule: "monthly - 09:00",
    notes: ["default_time 09:00", "day_needed monthly"],
  },

  // What a reminder cannot hold, and what names no single moment: left for the user.
  { text: "rappeler Paul le 15", contact: "paul", unknown: { "15": "not_understood" } },
  {
    text: "rappeler Paul demain soir à 20h",
    contact: "paul",
    schedule: "once 2026-03-11T20:00",
  },
  {
    text: "rappeler Paul toutes les 2 semaines",
    contact: "paul",
    schedule: "weekly/2 - 09:00",
    notes: ["default_time 09:00", "day_needed weekly"],
  },
  { text: "rappeler Paul un jour sur deux à 9h", contact: "paul", schedule: "daily/2 09:00" },
  {
    text: "rappeler Paul toutes les heures",
    contact: "paul",
    unknown: { "toutes les heures": "unsupported" },
  },
  {
    text: "rappeler Paul chaque année le 31 avril",
    contact: "paul",
    unknown: { "chaque année le 31 avril": "no_such_date" },
  },
  { text: "rappeler Paul à 18h", contact: "paul", unknown: { "à 18h": "time_without_date" } },
  {
    text: "rappeler Paul ce soir",
    contact: "paul",
    schedule: "once 2026-03-10T20:00",
    notes: ["default_time 20:00"],
  },
  {
    text: "rappeler Paul la semaine prochaine",
    contact: "paul",
    unknown: { "la semaine prochaine": "vague" },
  },
  { text: "rappeler Paul en mars", contact: "paul", unknown: { mars: "not_understood" } },
  {
    text: "rappeler Paul à la prochaine lune bleue",
    contact: "paul",
    unknown: { "prochaine lune bleue": "not_understood" },
  },
  {
    text: "rappeler Paul demain matin",
    contact: "paul",
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Paul demain par SMS par e-mail",
    contact: "paul",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
    unknown: { "par e-mail": "repeated" },
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Paul demain à 9h et à 10h",
    contact: "paul",
    schedule: "once 2026-03-11T09:00",
    unknown: { "à 10h": "repeated" },
  },
];
