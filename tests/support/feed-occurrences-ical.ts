import { execFileSync } from "node:child_process";
import path from "node:path";
import ICAL from "ical.js";

/** One occurrence as a calendar app would show it: its event's UID, start, words. */
export interface ParsedOccurrence {
  uid: string;
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  url: string;
  /** The TZID of the event's DTSTART ("UTC" for a UTC time). */
  zone: string;
}

/**
 * A calendar's occurrences from `from` to `to` as ical.js (an independent RFC 5545 parser)
 * expands them: each event, a recurring one through its RRULE in its VTIMEZONE, with the
 * occurrences its RECURRENCE-ID exceptions give outright; soonest first.
 */
export function icalJsOccurrences(text: string, from: Date, to: Date): ParsedOccurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevents = calendar.getAllSubcomponents("vevent");
  const masters = new Map<string, ICAL.Event>();
  for (const vevent of vevents.filter((v) => !v.hasProperty("recurrence-id"))) {
    const event = new ICAL.Event(vevent);
    masters.set(event.uid, event);
  }
  for (const vevent of vevents.filter((v) => v.hasProperty("recurrence-id"))) {
    const exception = new ICAL.Event(vevent);
    masters.get(exception.uid)?.relateException(exception);
  }
  const out: ParsedOccurrence[] = [];
  const words = (event: ICAL.Event) => ({
    uid: event.uid,
    summary: event.summary,
    description: event.description,
    url: String(event.component.getFirstPropertyValue("url")),
    durationMinutes: event.duration.toSeconds() / 60,
    zone: event.startDate.zone?.tzid ?? "floating",
  });
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      const start = event.startDate.toJSDate();
      if (start >= from && start < to) out.push({ ...words(event), start });
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate();
      if (start >= to) break;
      if (start >= from) out.push({ ...words(details.item), start });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
}

/** A python3 that can import these modules: the one on PATH, else Debian's own. */
function pythonWith(modules: string[]): string {
  for (const candidate of ["python3", "/usr/bin/python3"]) {
    try {
      execFileSync(candidate, ["-c", `import ${modules.join(", ")}`], { stdio: "ignore" });
      return candidate;
    } catch {
      // Not this one.
    }
  }
  throw new Error(
    `No python3 with ${modules.join(" and ")} (Debian: apt-get install python3-icalendar python3-recurring-ical-events)`,
  );
}

const SCRIPT = path.join(import.meta.dirname, "feed_occurrences.py");

/**
 * The same as python's icalendar and recurring-ical-events expand them (a second parser, its own
 * RRULE expansion by dateutil and its own zone data by name, as Google Calendar reads an IANA
 * TZID), with, per VTIMEZONE, the instants where its offsets differ from that zone's own.
 */
export function pythonOccurrences(
  text: string,
  from: Date,
  to: Date,
): { occurrences: { uid: string; start: Date }[]; zoneMismatches: string[] } {
  const python = pythonWith(["icalendar", "recurring_ical_events"]);
  const answer = JSON.parse(
    execFileSync(python, [SCRIPT], {
      input: JSON.stringify({ ics: text, from: from.toISOString(), to: to.toISOString() }),
      maxBuffer: 64 * 1024 * 1024,
    }).toString(),
  ) as { occurrences: { uid: string; start: string }[]; zoneMismatches: string[] };
  return {
    occurrences: answer.occurrences
      .map((o) => ({ uid: o.uid, start: new Date(o.start) }))
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid)),
    zoneMismatches: answer.zoneMismatches,
  };
}
