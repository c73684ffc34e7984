import type { Row } from "./parse-table";

// Now: Tuesday 10 March 2026, 10:00 in Europe/Madrid (tests/unit/quick-add/parse-table.ts).

/** Spanish: one-time reminders, messages and contacts. */
export const ROWS_ES_ONCE: Row[] = [
  // The examples of the quick-add line..
  {
    text: "recordar a mamá mañana a las 9 por SMS",
    contact: "mama",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
  },
  {
    text: "recordar a mamá cada domingo a las 18:00 por WhatsApp: llama a la abuela",
    contact: "mama",
    channel: "whatsapp",
    schedule: "weekly Sun 18:00",
    message: "llama a la abuela",
  },

  // One-time: relative days, weekdays and dates, in Madrid.
  { text: "recordar a mamá mañana a la 1", contact: "mama", schedule: "once 2026-03-11T01:00" },
  {
    text: "recordar a mamá mañana a las 9 con una llamada",
    contact: "mama",
    channel: "call",
    schedule: "once 2026-03-11T09:00",
  },
  {
    text: "recordar a mamá el lunes 16 de marzo a las 10",
    contact: "mama",
    schedule: "once 2026-03-16T10:00",
  },
  { text: "recordar a Ana hoy a las 18:00", contact: "ana", schedule: "once 2026-03-10T18:00" },
  {
    text: "recuérdale a Paul el lunes a las 10 por correo",
    contact: "paul",
    channel: "email",
    schedule: "once 2026-03-16T10:00",
  },
  { text: "recordar a Paul el próximo lunes a las 9:30", contact: "paul", schedule: "once 2026-03-16T09:30" },
  {
    text: "recordar a Paul el lunes que viene",
    contact: "paul",
    schedule: "once 2026-03-16T09:00",
    notes: ["default_time 09:00"],
  },
  { text: "recordar a Paul el viernes a mediodía", contact: "paul", schedule: "once 2026-03-13T12:00" },
  { text: "recordar a Paul dentro de 2 horas", contact: "paul", schedule: "once 2026-03-10T12:00" },
  { text: "recordar a Paul dentro de 3 días a las 8", contact: "paul", schedule: "once 2026-03-13T08:00" },
  {
    text: "recordar a Paul en 30 minutos por llamada",
    contact: "paul",
    channel: "call",
    schedule: "once 2026-03-10T10:30",
  },
  {
    text: "recordar a mamá el 3 de marzo a las 10",
    contact: "mama",
    schedule: "once 2027-03-03T10:00",
    notes: ["next_year 2027-03-03"],
  },
  { text: "recordar a mamá el 1 de abril a las 18:00", contact: "mama", schedule: "once 2026-04-01T18:00" },
  {
    text: "recordar a mamá el 3 de marzo de 2027",
    contact: "mama",
    schedule: "once 2027-03-03T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá pasado mañana a las 7 y media",
    contact: "mama",
    schedule: "once 2026-03-12T07:30",
  },
  {
    text: "recordar a mamá mañana",
    contact: "mama",
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  { text: "recordar a mama manana a las 9", contact: "mama", schedule: "once 2026-03-11T09:00" },
  { text: "recordar a mamá mañana a las 9 de la noche", contact: "mama", schedule: "once 2026-03-11T21:00" },
  { text: "recordar a mamá mañana a las 6 de la tarde", contact: "mama", schedule: "once 2026-03-11T18:00" },
  { text: "recordar a mamá mañana a las 9 de la mañana", contact: "mama", schedule: "once 2026-03-11T09:00" },
  { text: "recordar a mamá mañana a las 8 menos cuarto", contact: "mama", schedule: "once 2026-03-11T07:45" },
  {
    text: "recordar a mamá mañana a las 10 y cuarto por teléfono",
    contact: "mama",
    channel: "call",
    schedule: "once 2026-03-11T10:15",
  },
  { text: "recordar a mamá mañana a las 18h", contact: "mama", schedule: "once 2026-03-11T18:00" },
  { text: "recordar a mamá mañana a medianoche", contact: "mama", schedule: "once 2026-03-11T00:00" },
  {
    text: "recordar a mamá el 29 de febrero de 2028 a las 9",
    contact: "mama",
    schedule: "once 2028-02-29T09:00",
  },
  { text: "recordar a mamá el 3/4 a las 9", contact: "mama", schedule: "once 2026-04-03T09:00" },

  // The message: after ":" or the clause after "que" / "de".
  {
    text: "recordar a mamá que llame a la abuela mañana a las 6 de la tarde",
    contact: "mama",
    schedule: "once 2026-03-11T18:00",
    message: "llame a la abuela",
  },
  {
    text: "recordar a mamá de comprar pan el viernes",
    contact: "mama",
    schedule: "once 2026-03-13T09:00",
    message: "comprar pan",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá mañana: tomar la pastilla a las 9",
    contact: "mama",
    schedule: "once 2026-03-11T09:00",
    message: "tomar la pastilla a las 9",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a mamá cada domingo por WhatsApp que llame a la abuela",
    contact: "mama",
    channel: "whatsapp",
    schedule: "weekly Sun 09:00",
    message: "llame a la abuela",
    notes: ["default_time 09:00"],
  },

  // Contacts.
  {
    text: "avisar a Paul mañana a las 9 por whatsapp",
    contact: "paul",
    channel: "whatsapp",
    schedule: "once 2026-03-11T09:00",
  },
  {
    text: "recordar a Pedro mañana",
    contact: { unknown: "Pedro" },
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "recordar a José mañana a las 9",
    contact: ["jose-luis", "jose-maria"],
    schedule: "once 2026-03-11T09:00",
  },
  { text: "recordar a José Luis mañana a las 9", contact: "jose-luis", schedule: "once 2026-03-11T09:00" },
  {
    text: "recordar a jose luis perez mañana a las 9",
    contact: "jose-luis",
    schedule: "once 2026-03-11T09:00",
  },
  { text: "recordar a Domingo el domingo a las 10", contact: "domingo", schedule: "once 2026-03-15T10:00" },
  {
    text: "mañana a las 9 por correo: pagar el alquiler",
    channel: "email",
    schedule: "once 2026-03-11T09:00",
    message: "pagar el alquiler",
  },
  {
    text: "mamá mañana a las 9: llevar las llaves",
    contact: "mama",
    schedule: "once 2026-03-11T09:00",
    message: "llevar las llaves",
  },

  // Past moments are said, not moved.
  {
    text: "recordar a mamá el martes a las 9",
    contact: "mama",
    schedule: "once 2026-03-10T09:00",
    notes: ["in_the_past"],
  },
  {
    text: "recordar a mamá el 10 de marzo de 2025",
    contact: "mama",
    schedule: "once 2025-03-10T09:00",
    notes: ["default_time 09:00", "in_the_past"],
  },

  // Daylight saving time in Madrid.
  {
    text: "recordar a mamá el 29 de marzo a las 2:30",
    contact: "mama",
    schedule: "once 2026-03-29T03:30",
    notes: ["clock_gap 02:30→03:30"],
  },
  {
    text: "recordar a mamá el 25 de octubre a las 2:30",
    contact: "mama",
    schedule: "once 2026-10-25T02:30",
    notes: ["clock_overlap 2026-10-25T02:30"],
  },
];
