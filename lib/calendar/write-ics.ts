import "server-only";
/**
 * A small iCalendar (RFC 5545) writer for the calendar feed: only what the feed needs (VCALENDAR
 * with VEVENTs in UTC), written to the letter: CRLF line ends, lines folded at 75 octets without
 * splitting a UTF-8 character, TEXT values escaped (section 3.3.11).
 */

export interface IcsEvent {
  uid: string;
  start: Date;
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
  events: IcsEvent[];
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

function eventLines(event: IcsEvent, stamp: string): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${formatIcsUtc(event.start)}`,
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
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldIcsLine).join("\r\n") + "\r\n";
}
