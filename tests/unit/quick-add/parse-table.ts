import { isDeepStrictEqual } from "node:util";
import type { DeliveryMethod } from "@/db/schema/enums";
import {
  parseQuickAdd,
  type QuickAddDraft,
  type QuickAddLocale,
  type QuickAddNote,
  type QuickAddOptions,
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
 * A second address book, with groups: Mary Jones, Ana Ruiz, José Martínez, Hélène Martin and a
 * choir (named in each language). Nobody here is called mum, mamá or maman.
 */
export const PEOPLE = {
  contacts: [
    { id: "mary", name: "Mary Jones" },
    { id: "ana-ruiz", name: "Ana Ruiz" },
    { id: "jose", name: "José Martínez" },
    { id: "helene", name: "Hélène Martin" },
  ],
  groups: [
    { id: "choir", name: "Choir" },
    { id: "coro", name: "Coro" },
    { id: "chorale", name: "Chorale" },
  ],
};

/**
 * One phrase and the whole draft it reads to; a key left out expects nothing read (no recipient,
 * no channel, no schedule, no message, no unknown part, no note).
 * - book: "people" reads against PEOPLE (contacts and groups), otherwise CONTACTS.
 * - contact: the matched contact's id, the candidates' ids when ambiguous, or { unknown: text };
 *   group: the matched group's id.
 * - schedule: "once YYYY-MM-DDTHH:MM", "daily HH:MM", "weekly Mon,Thu HH:MM", "monthly 15 HH:MM",
 *   "monthly last-Fri HH:MM" (first, second, third, fourth or last weekday), "yearly MM-DD HH:MM",
 *   "yearly 05-second-Sun HH:MM"; "-" for a day the text does not give. A kind may carry an
 *   interval ("weekly/2 Tue 19:00") and the rule may end with "x6" (six times), "until:YYYY-MM-DD"
 *   or "from:YYYY-MM-DD" (the first day).
 * - unknown: each part left for the user, text → reason, in text order.
 * - notes: "kind value" (see noteText).
 */
export interface Row {
  text: string;
  book?: "people";
  contact?: string | string[] | { unknown: string };
  group?: string;
  channel?: DeliveryMethod;
  schedule?: string;
  message?: string;
  unknown?: Record<string, UnknownReason>;
  notes?: string[];
}

export function parse(
  locale: QuickAddLocale,
  text: string,
  now = NOW,
  timeZone = ZONE,
  book?: Row["book"],
): QuickAddDraft {
  const options: QuickAddOptions = {
    locale,
    timeZone,
    now,
    contacts: book === "people" ? PEOPLE.contacts : CONTACTS,
    groups: book === "people" ? PEOPLE.groups : [],
    richSchedules: true,
  };
  return parseQuickAdd(text, options);
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: -1 };

/** The weekday and position of "last-Fri", or null. */
function nthOf(value: string): { nthWeekday: number; days: string[] } | null {
  const match = /^(first|second|third|fourth|last)-(\w{3})$/.exec(value);
  return match ? { nthWeekday: ORDINALS[match[1]], days: [match[2]] } : null;
}

/** The schedule fields a shorthand stands for (see Row). */
export function scheduleOf(shorthand: string): Record<string, unknown> {
  const words = shorthand.split(" ");
  const ends: Record<string, unknown> = {};
  while (words.length > 2) {
    const last = words[words.length - 1];
    if (/^x\d+$/.test(last))
      Object.assign(ends, { endCondition: "after", endAfterCount: Number(last.slice(1)) });
    else if (last.startsWith("until:")) Object.assign(ends, { endCondition: "by", endByDate: last.slice(6) });
    else if (last.startsWith("from:")) Object.assign(ends, { anchorDate: last.slice(5) });
    else break;
    words.pop();
  }
  const [head, ...rest] = words;
  const [kind, every] = head.split("/");
  if (kind === "once") return { scheduleType: "once", scheduledFor: rest[0] };
  const time = rest[rest.length - 1];
  const day = rest.length === 2 ? rest[0] : undefined;
  const config: Record<string, unknown> = { time };
  if (every) config.interval = Number(every);
  if (day !== undefined && day !== "-") {
    if (kind === "weekly") config.days = day.split(",");
    else if (kind === "monthly") Object.assign(config, nthOf(day) ?? { dayOfMonth: Number(day) });
    else if (kind === "yearly") {
      const [month, ...date] = day.split("-");
      config.month = Number(month);
      Object.assign(config, nthOf(date.join("-")) ?? { dayOfMonth: Number(date[0]) });
    } else throw new Error(`No day for '${shorthand}'`);
  }
  if (!["daily", "weekly", "monthly", "yearly"].includes(kind)) {
    throw new Error(`Unknown schedule shorthand '${shorthand}'`);
  }
  return { scheduleType: "recurring", frequency: kind, frequencyConfig: { ...config, ...ends } };
}

export function noteText(note: QuickAddNote): string {
  const { kind, ...values } = note;
  const value = Object.values(values).join("→");
  return value ? `${kind} ${value}` : kind;
}

/** Who the draft is for, as a row writes it. */
function recipientOf({ recipient }: QuickAddDraft): Pick<Row, "contact" | "group"> {
  switch (recipient.status) {
    case "none":
      return {};
    case "matched":
      return recipient.recipient.kind === "group"
        ? { group: recipient.recipient.id }
        : { contact: recipient.recipient.id };
    case "ambiguous":
      return { contact: recipient.candidates.map((c) => c.id) };
    case "unknown":
      return { contact: { unknown: recipient.span.text } };
  }
}

/** JSON's view: a key whose value is undefined is no key. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/** What a draft reads to, in the shape `expectedOf` gives a row. */
export function draftView(draft: QuickAddDraft) {
  return plain({
    ...recipientOf(draft),
    channel: draft.channel,
    schedule: draft.schedule,
    message: draft.message,
    unknown: draft.unknown.map((part) => [part.text, part.reason]),
    notes: draft.notes.map(noteText),
  });
}

export function expectedOf(row: Row) {
  return plain({
    contact: row.contact,
    group: row.group,
    channel: row.channel ?? null,
    schedule: row.schedule === undefined ? null : scheduleOf(row.schedule),
    message: row.message ?? null,
    unknown: Object.entries(row.unknown ?? {}),
    notes: row.notes ?? [],
  });
}

/** Whether the row's text reads to its whole expected draft. */
export function rowReads(locale: QuickAddLocale, row: Row): boolean {
  return isDeepStrictEqual(draftView(parse(locale, row.text, NOW, ZONE, row.book)), expectedOf(row));
}
