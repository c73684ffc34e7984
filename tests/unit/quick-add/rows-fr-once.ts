import type { Row } from "./parse-table";

// Now: Tuesday 10 March 2026, 10:00 in Europe/Madrid (tests/unit/quick-add/parse-table.ts).

/** French: one-time reminders, messages and contacts. */
export const ROWS_FR_ONCE: Row[] = [
  // The examples of the quick-add line.
  {
    text: "rappeler Paul le 3 mars à 10h",
    contact: "paul",
    schedule: "once 2027-03-03T10:00",
    notes: ["next_year 2027-03-03"],
  },

  // One-time: relative days, weekdays and dates, in Madrid.
  { text: "rappeler Paul demain à 9h et demie", contact: "paul", schedule: "once 2026-03-11T09:30" },
  {
    text: "rappeler Paul demain à 9h par texto",
    contact: "paul",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
  },
  { text: "rappeler Paul le lundi 16 mars à 10h", contact: "paul", schedule: "once 2026-03-16T10:00" },
  {
    text: "rappeler Paul lundi qui vient",
    contact: "paul",
    schedule: "once 2026-03-16T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Paul demain à 9h par SMS",
    contact: "paul",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
  },
  { text: "rappeler Paul aujourd'hui à 18h30", contact: "paul", schedule: "once 2026-03-10T18:30" },
  {
    text: "rappeler Paul lundi prochain à 10h par e-mail",
    contact: "paul",
    channel: "email",
    schedule: "once 2026-03-16T10:00",
  },
  { text: "rappeler Paul lundi à 9h", contact: "paul", schedule: "once 2026-03-16T09:00" },
  { text: "rappeler Paul vendredi à midi", contact: "paul", schedule: "once 2026-03-13T12:00" },
  { text: "rappeler Paul dans 2 heures", contact: "paul", schedule: "once 2026-03-10T12:00" },
  { text: "rappeler Paul dans 3 jours à 8h30", contact: "paul", schedule: "once 2026-03-13T08:30" },
  {
    text: "rappeler Paul dans 45 minutes par appel",
    contact: "paul",
    channel: "call",
    schedule: "once 2026-03-10T10:45",
  },
  { text: "rappeler Paul le 1er avril à 18h", contact: "paul", schedule: "once 2026-04-01T18:00" },
  { text: "rappeler Paul le 3 mars 2027 à 10h", contact: "paul", schedule: "once 2027-03-03T10:00" },
  { text: "rappeler Paul après-demain à 7h15", contact: "paul", schedule: "once 2026-03-12T07:15" },
  {
    text: "rappeler Paul demain",
    contact: "paul",
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  { text: "rappeler Paul demain à minuit", contact: "paul", schedule: "once 2026-03-11T00:00" },
  { text: "rappeler Paul demain à 7h du soir", contact: "paul", schedule: "once 2026-03-11T19:00" },
  {
    text: "rappeler Paul demain à 3 heures de l'après-midi",
    contact: "paul",
    schedule: "once 2026-03-11T15:00",
  },
  {
    text: "rappeler Paul demain à 8 heures moins le quart",
    contact: "paul",
    schedule: "once 2026-03-11T07:45",
  },
  {
    text: "rappeler Paul demain à 10h et quart par téléphone",
    contact: "paul",
    channel: "call",
    schedule: "once 2026-03-11T10:15",
  },
  {
    text: "rappeler Paul demain à 18:45 sur WhatsApp",
    contact: "paul",
    channel: "whatsapp",
    schedule: "once 2026-03-11T18:45",
  },
  { text: "rappeler Paul le 29 février 2028 à 9h", contact: "paul", schedule: "once 2028-02-29T09:00" },
  { text: "rappeler Paul le 3/4 à 9h", contact: "paul", schedule: "once 2026-04-03T09:00" },
  { text: "rappelle à Paul demain à 9h", contact: "paul", schedule: "once 2026-03-11T09:00" },

  // The message: after ":" or the clause after "de" / "d'" / "que".
  {
    text: "rappeler à Paul d'appeler mamie demain à 18h",
    contact: "paul",
    schedule: "once 2026-03-11T18:00",
    message: "appeler mamie",
  },
  {
    text: "rappeler à Paul de payer le loyer le 1er avril",
    contact: "paul",
    schedule: "once 2026-04-01T09:00",
    message: "payer le loyer",
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Paul demain : prendre le médicament à 9h",
    contact: "paul",
    schedule: "once 2026-03-11T09:00",
    message: "prendre le médicament à 9h",
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Paul chaque dimanche par WhatsApp d'appeler mamie",
    contact: "paul",
    channel: "whatsapp",
    schedule: "weekly Sun 09:00",
    message: "appeler mamie",
    notes: ["default_time 09:00"],
  },

  // Contacts.
  {
    text: "rappeler Pierre demain",
    contact: { unknown: "Pierre" },
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  {
    text: "rappeler Marc demain à 9h",
    contact: ["marc-dubois", "marc-lefevre"],
    schedule: "once 2026-03-11T09:00",
  },
  { text: "rappeler Marc Dubois demain à 9h", contact: "marc-dubois", schedule: "once 2026-03-11T09:00" },
  { text: "rappeler marc lefevre demain à 9h", contact: "marc-lefevre", schedule: "once 2026-03-11T09:00" },
  { text: "rappeler elodie demain à 9h", contact: "elodie", schedule: "once 2026-03-11T09:00" },
  {
    text: "demain à 9h par e-mail : payer le loyer",
    channel: "email",
    schedule: "once 2026-03-11T09:00",
    message: "payer le loyer",
  },
  {
    text: "Paul demain à 9h : apporter les clés",
    contact: "paul",
    schedule: "once 2026-03-11T09:00",
    message: "apporter les clés",
  },

  // Past moments are said, not moved.
  {
    text: "rappeler Paul mardi à 9h",
    contact: "paul",
    schedule: "once 2026-03-10T09:00",
    notes: ["in_the_past"],
  },
  {
    text: "rappeler Paul le 10 mars 2025",
    contact: "paul",
    schedule: "once 2025-03-10T09:00",
    notes: ["default_time 09:00", "in_the_past"],
  },

  // Daylight saving time in Madrid.
  {
    text: "rappeler Paul le 29 mars à 2h30",
    contact: "paul",
    schedule: "once 2026-03-29T03:30",
    notes: ["clock_gap 02:30→03:30"],
  },
  {
    text: "rappeler Paul le 25 octobre à 2h30",
    contact: "paul",
    schedule: "once 2026-10-25T02:30",
    notes: ["clock_overlap 2026-10-25T02:30"],
  },
];
