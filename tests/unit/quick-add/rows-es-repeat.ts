import type { Row } from "./parse-table";

// Now: Tuesday 10 March 2026, 10:00 in Europe/Madrid (tests/unit/quick-add/parse-table.ts).

/** Spanish: repeats, and what is left for the user. */
export const ROWS_ES_REPEAT: Row[] = [
  // Repeats.
  {
    text: "recordar a mamá entre semana a las 8",
    contact: "mama",
    schedule: "weekly Mon,Tue,Wed,Thu,Fri 08:00",
  },
  { text: "recordar a mamá cada día a las 8", contact: "mama", schedule: "daily 08:00" },
  {
    text: "recordar a mamá todos los días a las 21:30 por SMS",
    contact: "mama",
    channel: "sms",
    schedule: "daily 21:30",
  },
  {
    text: "recordar a mamá diariamente",
    contact: "mama",
    schedule: "daily 09:00",
    notes: ["default_time 09:00"],
  },
  { text: "recordar a mamá cada dia a las 2:30", contact: "mama", schedule: "daily 02:30" },
  {
    text: "recordar a mamá cada día laborable a las 7:45",
    contact: "mama",
    schedule: "weekly Mon,Tue,Wed,Thu,Fri 07:45",
  },
  {
    text: "recordar a mamá de lunes a viernes a las 8",
    contact: "mama",
    schedule: "weekly Mon,Tue,Wed,Thu,Fri 08:00",
  },
  { text: "recordar a mamá los fines de semana a las 11", contact: "mama", schedule: "weekly Sat,Sun 11:00" },
  { text: "recordar a mamá todos los lunes a las 9", contact: "mama", schedule: "weekly Mon 09:00" },
  {
    text: "recordar a mamá cada semana el domingo a las 18:00",
    contact: "mama",
    schedule: "weekly Sun 18:00",
  },
  {
    text: "recordar a mamá los martes y jueves a las 17:00",
    contact: "mama",
    schedule: "weekly Tue,Thu 17:00",
  },
  {
    text: "recordar a mamá cada lunes, miércoles y viernes a las 10",
    contact: "mama",
    schedule: "weekly Mon,Wed,Fri 10:00",
  },
  {
    text: "recordar a mamá los domingos",
    contact: "mama",
    schedule: "weekly Sun 09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá cada mes el día 1",
    contact: "mama",
    schedule: "monthly 1 09:00",
    notes: ["default_time 09:00"],
  },
  { text: "recordar a mamá todos los meses el 15 a las 9", contact: "mama", schedule: "monthly 15 09:00" },
  { text: "recordar a mamá el día 5 de cada mes a las 12:00", contact: "mama", schedule: "monthly 5 12:00" },
  {
    text: "recordar a mamá cada mes el 31 a las 10",
    contact: "mama",
    schedule: "monthly 31 10:00",
    notes: ["month_end 31"],
  },
  {
    text: "recordar a mamá el último día de cada mes a las 20:00",
    contact: "mama",
    schedule: "monthly 31 20:00",
    notes: ["month_end 31"],
  },
  {
    text: "recordar a mamá cada año el 3 de marzo",
    contact: "mama",
    schedule: "yearly 03-03 09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá todos los años el 29 de febrero a las 10",
    contact: "mama",
    schedule: "yearly 02-29 10:00",
    notes: ["leap_day"],
  },
  { text: "recordar a mamá cada 25 de diciembre a las 9", contact: "mama", schedule: "yearly 12-25 09:00" },
  {
    text: "recordar a mamá cada año",
    contact: "mama",
    schedule: "yearly - 09:00",
    notes: ["default_time 09:00", "day_needed yearly"],
  },
  {
    text: "recordar a mamá cada semana a las 9",
    contact: "mama",
    schedule: "weekly - 09:00",
    notes: ["day_needed weekly"],
  },
  {
    text: "recordar a mamá cada mes",
    contact: "mama",
    schedule: "monthly - 09:00",
    notes: ["default_time 09:00", "day_needed monthly"],
  },

  // What a reminder cannot hold, and what names no single moment: left for the user.
  { text: "recordar a mamá el 15", contact: "mama", unknown: { "15": "not_understood" } },
  {
    text: "recordar a mamá cada 2 semanas",
    contact: "mama",
    schedule: "weekly/2 - 09:00",
    notes: ["default_time 09:00", "day_needed weekly"],
  },
  { text: "recordar a mamá cada dos días a las 9", contact: "mama", schedule: "daily/2 09:00" },
  { text: "recordar a mamá cada hora", contact: "mama", unknown: { "cada hora": "unsupported" } },
  {
    text: "recordar a mamá cada año el 31 de abril",
    contact: "mama",
    unknown: { "cada año el 31 de abril": "no_such_date" },
  },
  { text: "recordar a mamá a las 18:00", contact: "mama", unknown: { "a las 18:00": "time_without_date" } },
  {
    text: "recordar a mamá esta noche",
    contact: "mama",
    schedule: "once 2026-03-10T20:00",
    notes: ["default_time 20:00"],
  },
  {
    text: "recordar a mamá la semana que viene",
    contact: "mama",
    unknown: { "la semana que viene": "vague" },
  },
  { text: "recordar a mamá en marzo", contact: "mama", unknown: { marzo: "vague" } },
  {
    text: "recordar a mamá cuando vuelva la luna azul",
    contact: "mama",
    unknown: { "cuando vuelva la luna azul": "not_understood" },
  },
  {
    text: "recordar a mamá mañana por la mañana",
    contact: "mama",
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá mañana por SMS por correo",
    contact: "mama",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
    unknown: { "por correo": "repeated" },
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá mañana a las 9 y a las 10",
    contact: "mama",
    schedule: "once 2026-03-11T09:00",
    unknown: { "a las 10": "repeated" },
  },
  {
    text: "recordar a mamá mañana y el viernes",
    contact: "mama",
    schedule: "once 2026-03-11T09:00",
    unknown: { viernes: "repeated" },
    notes: ["default_time 09:00"],
  },
];
