import type { Row } from "./parse-table";

// Now: Tuesday 10 March 2026, 10:00 in Europe/Madrid (tests/unit/quick-add/parse-table.ts).

/** English: one-time reminders, messages and contacts. */
export const ROWS_EN_ONCE: Row[] = [
  // The examples of the quick-add line.
  {
    text: "Remind Ana every Sunday at 18:00 by WhatsApp: call grandma",
    contact: "ana",
    channel: "whatsapp",
    schedule: "weekly Sun 18:00",
    message: "call grandma",
  },

  // One-time: relative days, weekdays and dates, in Madrid.
  { text: "Remind Ana on 2026-04-03 at 9", contact: "ana", schedule: "once 2026-04-03T09:00" },
  {
    text: "Remind Ana tomorrow at 9 by SMS",
    contact: "ana",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
  },
  {
    text: "Remind Ana today at 6pm: dentist",
    contact: "ana",
    schedule: "once 2026-03-10T18:00",
    message: "dentist",
  },
  {
    text: "Remind Paul next Monday at 10am by email: team meeting",
    contact: "paul",
    channel: "email",
    schedule: "once 2026-03-16T10:00",
    message: "team meeting",
  },
  { text: "Remind Paul on Friday at noon", contact: "paul", schedule: "once 2026-03-13T12:00" },
  { text: "Remind Paul in 3 days at 8:30", contact: "paul", schedule: "once 2026-03-13T08:30" },
  { text: "Remind Paul in 2 hours", contact: "paul", schedule: "once 2026-03-10T12:00" },
  {
    text: "Remind Paul in 90 minutes by phone call",
    contact: "paul",
    channel: "call",
    schedule: "once 2026-03-10T11:30",
  },
  { text: "Remind Paul in 2 weeks at 9", contact: "paul", schedule: "once 2026-03-24T09:00" },
  {
    text: "Remind Ana March 3rd at 10am",
    contact: "ana",
    schedule: "once 2027-03-03T10:00",
    notes: ["next_year 2027-03-03"],
  },
  { text: "Remind Ana on April 1 at 18:00", contact: "ana", schedule: "once 2026-04-01T18:00" },
  {
    text: "Remind Ana on 25 December at 7pm via WhatsApp: Merry Christmas!",
    contact: "ana",
    channel: "whatsapp",
    schedule: "once 2026-12-25T19:00",
    message: "Merry Christmas!",
  },
  { text: "Remind Ana on 3 March 2027 at 10:00", contact: "ana", schedule: "once 2027-03-03T10:00" },
  { text: "Remind Ana the day after tomorrow at 7:15 am", contact: "ana", schedule: "once 2026-03-12T07:15" },
  {
    text: "Remind Ana tomorrow",
    contact: "ana",
    schedule: "once 2026-03-11T09:00",
    notes: ["default_time 09:00"],
  },
  { text: "Remind Ana tomorrow at 6 in the evening", contact: "ana", schedule: "once 2026-03-11T18:00" },
  { text: "Remind Ana tomorrow at 12am", contact: "ana", schedule: "once 2026-03-11T00:00" },
  { text: "Remind Ana tomorrow at midnight", contact: "ana", schedule: "once 2026-03-11T00:00" },
  { text: "Remind Ana on 29 February 2028 at 9", contact: "ana", schedule: "once 2028-02-29T09:00" },

  // The message: after ":" or the clause after "to" / "that" / "about".
  {
    text: "Remind Ana to call grandma tomorrow at 6pm",
    contact: "ana",
    schedule: "once 2026-03-11T18:00",
    message: "call grandma",
  },
  {
    text: "Remind Ana about the dentist on Monday at 9",
    contact: "ana",
    schedule: "once 2026-03-16T09:00",
    message: "the dentist",
  },
  {
    text: "Remind Ana that the rent is due on April 1",
    contact: "ana",
    schedule: "once 2026-04-01T09:00",
    message: "the rent is due",
    notes: ["default_time 09:00"],
  },
  {
    text: "Remind Ana tomorrow at 9: call grandma at 18:00",
    contact: "ana",
    schedule: "once 2026-03-11T09:00",
    message: "call grandma at 18:00",
  },
  {
    text: "Remind Ana every Sunday by WhatsApp to call grandma",
    contact: "ana",
    channel: "whatsapp",
    schedule: "weekly Sun 09:00",
    message: "call grandma",
    notes: ["default_time 09:00"],
  },

  // Contacts: whole name or first words, any case, any accents; several or none are said.
  {
    text: "Remind Ana, tomorrow at 9, by SMS, to call grandma",
    contact: "ana",
    channel: "sms",
    schedule: "once 2026-03-11T09:00",
    message: "call grandma",
  },
  { text: "every day at 8", schedule: "daily 08:00" },
  {
    text: "Remind Ana García on Monday",
    contact: "ana",
    schedule: "once 2026-03-16T09:00",
    notes: ["default_time 09:00"],
  },
  { text: "Remind ANA GARCIA tomorrow at 9", contact: "ana", schedule: "once 2026-03-11T09:00" },
  { text: "Remind Bob tomorrow at 9", contact: { unknown: "Bob" }, schedule: "once 2026-03-11T09:00" },
  {
    text: "Remind Marc tomorrow at 9",
    contact: ["marc-dubois", "marc-lefevre"],
    schedule: "once 2026-03-11T09:00",
  },
  { text: "Remind april tomorrow at 5pm", contact: "april", schedule: "once 2026-03-11T17:00" },
  { text: "Remind Paula on Friday at 9", contact: "paula", schedule: "once 2026-03-13T09:00" },
  { text: "Remind me tomorrow at 9", contact: { unknown: "me" }, schedule: "once 2026-03-11T09:00" },
  {
    text: "Tomorrow at 9 by email: pay the rent",
    channel: "email",
    schedule: "once 2026-03-11T09:00",
    message: "pay the rent",
  },
  {
    text: "Ana tomorrow at 9: bring the keys",
    contact: "ana",
    schedule: "once 2026-03-11T09:00",
    message: "bring the keys",
  },
  { text: "Remind Grandma on Tuesday at 18:00", contact: "grandma", schedule: "once 2026-03-10T18:00" },

  // Past moments are said, not moved (only a day and month without a year moves on).
  {
    text: "Remind Ana on Tuesday at 9",
    contact: "ana",
    schedule: "once 2026-03-10T09:00",
    notes: ["in_the_past"],
  },
  {
    text: "Remind Ana on 10 March 2025 at 9",
    contact: "ana",
    schedule: "once 2025-03-10T09:00",
    notes: ["in_the_past"],
  },

  // Daylight saving time in Madrid: 29 March 2026 02:00 → 03:00; 25 October 2026 03:00 → 02:00.
  {
    text: "Remind Ana on 29 March at 2:30",
    contact: "ana",
    schedule: "once 2026-03-29T03:30",
    notes: ["clock_gap 02:30→03:30"],
  },
  {
    text: "Remind Ana on 25 October at 2:30",
    contact: "ana",
    schedule: "once 2026-10-25T02:30",
    notes: ["clock_overlap 2026-10-25T02:30"],
  },
];
