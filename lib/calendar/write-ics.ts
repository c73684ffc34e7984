import "server-only";
/**
 * A small iCalendar (RFC 5545) writer for the calendar feed: only what the feed needs (VCALENDAR
 * with VTIMEZONEs and VEVENTs, one time or recurring), written to the letter: CRLF line ends,
 * lines folded at 75 octets without splitting a UTF-8 character, TEXT values escaped (section
 * 3.3.11).
 */
import type { Observance } from "./zone-observances";

export interface IcsEvent {
  uid: string;
  start: Date;
  /**
   * A recurring event's DTSTART (with its TZID, whose VTIMEZONE the calendar must carry) and
   * RRULE lines, written instead of a UTC DTSTART at `start`.
   */
  recurrence?: { dtstart: string; rrule: string };
  /**
   * One occurrence of a recurring event, given outright: the wall time the series names it by in
   * `zone` (RECURRENCE-ID), sent at `start` (section 3.8.4.4).
   */
  occurrenceOf?: { zone: string; wall: string };
  durationMinutes: number;
  summary: string;
  description: string;
  url?: string;
}

export interface IcsCalendar {
  prodId: string;
  name: string;
  /** DTSTAMP of every event: when this copy of the calendar was made. */
  stamp: Date;
  /** How often calendar apps should fetch again (a hint; several apps honour it). */
  refreshMinutes: number;
  /** One per TZID the events name (section 3.6.5: each TZID used needs its VTIMEZONE). */
  timezones?: IcsTimezone[];
  events: IcsEvent[];
}

export interface IcsTimezone {
  tzid: string;
  observances: Observance[];
}

const MAX_OCTETS = 75;

function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** TEXT escaping: backslash, semicolon, comma and line breaks; other control characters are dropped. */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\r\n|\r/g, "\n")
      // TEXT allows no control characters but HTAB (and the escaped line break below).
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/[\\;,\n]/g, (c) => (c === "\n" ? "\\n" : `\\${c}`))
  );
}

/**
 * One content line folded to lines of at most 75 octets (the CRLF not counted); each continuation
 * starts with one space, which counts. Folds fall between code points, never inside one.
 */
export function foldIcsLine(line: string): string {
  // Most lines are short ASCII: at most 75 UTF-16 units of ASCII are at most 75 octets.
  if (line.length <= MAX_OCTETS && /^[\u0000-\u007f]*$/.test(line)) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0) ?? 0);
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

/** A UTC DATE-TIME: 20260329T010000Z. */
export function formatIcsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A UTC offset: +0100, -0330, +0000 (never -0000), with seconds only when it has them. */
export function formatIcsOffset(ms: number): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const seconds = total % 60;
  return `${ms < 0 && total > 0 ? "-" : "+"}${pad(Math.floor(total / 3600))}${pad(Math.floor(total / 60) % 60)}${seconds ? pad(seconds) : ""}`;
}

function timezoneLines({ tzid, observances }: IcsTimezone): string[] {
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${tzid}`,
    ...observances.flatMap((o) => [
      `BEGIN:${o.kind}`,
      `DTSTART:${o.start}`,
      ...(o.rule ? [`RRULE:${o.rule}`] : []),
      ...(o.dates.length > 0 ? [`RDATE:${o.dates.join(",")}`] : []),
      `TZOFFSETFROM:${formatIcsOffset(o.offsetFrom)}`,
      `TZOFFSETTO:${formatIcsOffset(o.offsetTo)}`,
      `END:${o.kind}`,
    ]),
    "END:VTIMEZONE",
  ];
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    ...(event.recurrence
      ? [event.recurrence.dtstart, event.recurrence.rrule]
      : [`DTSTART:${formatIcsUtc(event.start)}`]),
    ...(event.occurrenceOf ? [`RECURRENCE-ID;TZID=${event.occurrenceOf.zone}:${event.occurrenceOf.wall}`] : []),
    `DURATION:PT${event.durationMinutes}M`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    // A feed of things the app does, not meetings: never blocks the user's time.
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

/** The whole calendar as one string, ready to serve as text/calendar. */
export function writeIcs(calendar: IcsCalendar): string {
  const stamp = formatIcsUtc(calendar.stamp);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${calendar.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    // NAME and REFRESH-INTERVAL are RFC 7986's; X-WR-CALNAME and X-PUBLISHED-TTL are the older
    // de-facto names that most calendar apps read.
    `NAME:${escapeIcsText(calendar.name)}`,
    `X-WR-CALNAME:${escapeIcsText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`,
    ...(calendar.timezones ?? []).flatMap(timezoneLines),
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
