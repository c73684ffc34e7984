import { expect } from "vitest";
import type { DeliveryMethod, Weekday } from "@/db/schema/enums";
import {
  parseQuickAdd,
  type ContactDraft,
  type QuickAddDraft,
  type QuickAddLocale,
  type QuickAddNote,
  type QuickAddSchedule,
  type UnknownReason,
} from "@/lib/quick-add";

/** Tuesday 10 March 2026, 10:00 in Madrid (CET, UTC+1). */
export const NOW = new Date("2026-03-10T09:00:00Z");
export const ZONE = "Europe/Madrid";

export const CONTACTS = [
  { id: "ana", name: "Ana García" },
  { id: "mama", name: "Mamá" },
  { id: "paul", name: "Paul Martin" },
  { id: "paula", name: "Paula Gómez" },
  { id: "jose-luis", name: "José Luis Pérez" },
  { id: "jose-maria", name: "José María Ruiz" },
  { id: "elodie", name: "Élodie Durand" },
  { id: "april", name: "April Jones" },
  { id: "domingo", name: "Domingo Sánchez" },
  { id: "grandma", name: "Grandma" },
  // "Grandma" alone is this contact's whole name and only the start of the next one's.
  { id: "grandma-rose", name: "Grandma Rose" },
  { id: "marc-dubois", name: "Marc Dubois" },
  { id: "marc-lefevre", name: "Marc Lefèvre" },
];

/**
 * One phrase and the whole draft it reads to; a key left out expects nothing read (no contact,
 * no channel, no schedule, no message, no unknown part, no note).
 * - contact: the matched contact's id, the candidates' ids when ambiguous, or { unknown: text }.
 * - schedule: "once YYYY-MM-DDTHH:MM", "daily HH:MM", "weekly Mon,Thu HH:MM", "monthly 15 HH:MM",
 *   "yearly MM-DD HH:MM"; "-" for a day the text does not give.
 * - unknown: each part left for the user, text → reason, in text order.
 * - notes: "kind value" (see noteText).
 */
export interface Row {
  text: string;
  contact?: string | string[] | { unknown: string };
  channel?: DeliveryMethod;
  schedule?: string;
  message?: string;
  unknown?: Record<string, UnknownReason>;
  notes?: string[];
}

export function parse(locale: QuickAddLocale, text: string, now = NOW, timeZone = ZONE): QuickAddDraft {
  return parseQuickAdd(text, { locale, timeZone, now, contacts: CONTACTS });
}

/** The schedule fields a shorthand stands for. */
export function scheduleOf(shorthand: string): QuickAddSchedule {
  const [kind, ...rest] = shorthand.split(" ");
  if (kind === "once") return { scheduleType: "once", scheduledFor: rest[0] };
  const time = rest[rest.length - 1];
  const day = rest.length === 2 ? rest[0] : undefined;
  const given = day !== undefined && day !== "-";
  switch (kind) {
    case "daily":
      return { scheduleType: "recurring", frequency: "daily", frequencyConfig: { time } };
    case "weekly":
      return {
        scheduleType: "recurring",
        frequency: "weekly",
        frequencyConfig: given ? { time, days: day.split(",") as Weekday[] } : { time },
      };
    case "monthly":
      return {
        scheduleType: "recurring",
        frequency: "monthly",
        frequencyConfig: given ? { time, dayOfMonth: Number(day) } : { time },
      };
    case "yearly": {
      const [month, dayOfMonth] = given ? day.split("-").map(Number) : [];
      return {
        scheduleType: "recurring",
        frequency: "yearly",
        frequencyConfig: given ? { time, dayOfMonth, month } : { time },
      };
    }
    default:
      throw new Error(`Unknown schedule shorthand '${shorthand}'`);
  }
}

export function noteText(note: QuickAddNote): string {
  switch (note.kind) {
    case "default_time":
      return `default_time ${note.time}`;
    case "next_year":
      return `next_year ${note.date}`;
    case "in_the_past":
      return "in_the_past";
    case "clock_gap":
      return `clock_gap ${note.requested}→${note.actual}`;
    case "clock_overlap":
      return `clock_overlap ${note.localDateTime}`;
    case "month_end":
      return `month_end ${note.dayOfMonth}`;
    case "leap_day":
      return "leap_day";
    case "day_needed":
      return `day_needed ${note.frequency}`;
  }
}

function contactOf(contact: ContactDraft): Row["contact"] {
  switch (contact.status) {
    case "none":
      return undefined;
    case "matched":
      return contact.contact.id;
    case "ambiguous":
      return contact.candidates.map((c) => c.id);
    case "unknown":
      return { unknown: contact.span.text };
  }
}

/** Asserts the draft `row.text` reads to, every field of it. */
export function expectRow(locale: QuickAddLocale, row: Row): void {
  const draft = parse(locale, row.text);
  expect({
    contact: contactOf(draft.contact),
    channel: draft.channel,
    schedule: draft.schedule,
    message: draft.message,
    unknown: draft.unknown.map((part) => [part.text, part.reason]),
    notes: draft.notes.map(noteText),
  }).toEqual({
    contact: row.contact,
    channel: row.channel ?? null,
    schedule: row.schedule === undefined ? null : scheduleOf(row.schedule),
    message: row.message ?? null,
    unknown: Object.entries(row.unknown ?? {}),
    notes: row.notes ?? [],
  });
}
