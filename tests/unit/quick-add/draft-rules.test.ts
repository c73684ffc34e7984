import { describe, expect, it } from "vitest";
import { localToUtc } from "@/lib/recurrence";
import { parseQuickAdd, type QuickAddDraft, type QuickAddLocale } from "@/lib/quick-add";
import { reminderInputSchema, reminderShapeSchema, type ReminderBodyInput } from "@/lib/validations/reminder";
import { CONTACTS, noteText, parse } from "./parse-table";
import { ROWS } from "./rows";

const ALL = (["en", "es", "fr"] as const).flatMap((locale) =>
  ROWS[locale].map((row) => [locale, row.text] as const),
);

/** The reminder body the dialog would send for a draft, the user having filled nothing else. */
function bodyOf(draft: QuickAddDraft): ReminderBodyInput | null {
  if (!draft.schedule) return null;
  return {
    contactId: draft.contact.status === "matched" ? draft.contact.contact.id : null,
    message: draft.message,
    deliveryMethod: draft.channel ?? "email",
    ...draft.schedule,
  };
}

describe("a draft fills the reminder body", () => {
  it.each(ALL)("[%s] %s: its schedule has the shape POST /api/reminders takes", (locale, text) => {
    const body = bodyOf(parse(locale, text));
    if (body) expect(reminderShapeSchema.safeParse(body).error).toBeUndefined();
  });

  it("passes the dialog's own rules when every part was read", () => {
    const complete = ALL.map(([locale, text]) => parse(locale, text)).filter(
      (d) =>
        d.contact.status === "matched" &&
        d.message &&
        d.schedule &&
        !d.notes.some((n) => n.kind === "day_needed"),
    );
    expect(complete.length).toBeGreaterThan(20);
    for (const draft of complete) expect(reminderInputSchema.safeParse(bodyOf(draft)).error).toBeUndefined();
  });

  it("leaves the day of a repeat to the dialog, whose rules then ask for it", () => {
    const body = bodyOf(parse("en", "Remind Ana every week at 9: water the plants"));
    expect(reminderInputSchema.safeParse(body).error?.issues[0].message).toBe(
      "Please select at least one day",
    );
  });

  it.each(ALL)("[%s] %s: every part it reports is that span of the text", (locale, text) => {
    const draft = parse(locale, text);
    const spans = [...draft.unknown, ...(draft.contact.status === "none" ? [] : [draft.contact.span])];
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });
});

describe("dates and times in the user's zone", () => {
  const read = (locale: QuickAddLocale, text: string, now: string, zone: string) => {
    const draft = parseQuickAdd(text, { locale, timeZone: zone, now: new Date(now), contacts: CONTACTS });
    return { schedule: draft.schedule, notes: draft.notes.map(noteText) };
  };
  const once = (scheduledFor: string, notes: string[] = []) => ({
    schedule: { scheduleType: "once", scheduledFor },
    notes,
  });

  it("counts today and tomorrow from the user's calendar day, not UTC's", () => {
    // 23:30 UTC on 10 March is already 00:30 on 11 March in Madrid.
    expect(read("en", "Remind Ana today at 9", "2026-03-10T23:30:00Z", "Europe/Madrid")).toEqual(
      once("2026-03-11T09:00"),
    );
    expect(read("es", "recordar a mamá mañana a las 9", "2026-03-10T23:30:00Z", "Europe/Madrid")).toEqual(
      once("2026-03-12T09:00"),
    );
    // 09:00 UTC on 10 March is 22:00 in Auckland; 03:00 UTC is still 9 March in New York.
    expect(read("en", "Remind Ana tomorrow at 9", "2026-03-10T09:00:00Z", "Pacific/Auckland")).toEqual(
      once("2026-03-11T09:00"),
    );
    expect(read("fr", "rappeler Paul demain à 9h", "2026-03-10T03:00:00Z", "America/New_York")).toEqual(
      once("2026-03-10T09:00"),
    );
  });

  it("adds hours as elapsed time across a clock change (not the offset in force now)", () => {
    // 01:30 CET on 29 March; at 02:00 the clocks go to 03:00 CEST.
    expect(read("en", "Remind Ana in 2 hours", "2026-03-29T00:30:00Z", "Europe/Madrid")).toEqual(
      once("2026-03-29T04:30"),
    );
    expect(read("fr", "rappeler Paul dans 1 heure", "2026-03-29T00:30:00Z", "Europe/Madrid")).toEqual(
      once("2026-03-29T03:30"),
    );
  });

  it("names the first of a wall time that happens twice, as the engine does, even when the later one was meant", () => {
    // 02:15 CEST on 25 October; an hour later it is 02:15 CET, which the form can only write as the first 02:15.
    expect(read("es", "recordar a mamá dentro de 1 hora", "2026-10-25T00:15:00Z", "Europe/Madrid")).toEqual(
      once("2026-10-25T02:15", ["clock_overlap 2026-10-25T02:15", "in_the_past"]),
    );
  });

  it("moves a wall time the clocks skip by the gap, to the instant the engine would send it", () => {
    const draft = parse("en", "Remind Ana tomorrow at 2:30", new Date("2026-03-28T10:00:00Z"));
    expect(draft.schedule).toEqual({ scheduleType: "once", scheduledFor: "2026-03-29T03:30" });
    expect(draft.notes.map(noteText)).toEqual(["clock_gap 02:30→03:30"]);
    expect(localToUtc("2026-03-29T03:30", "Europe/Madrid")).toEqual(
      localToUtc("2026-03-29T02:30", "Europe/Madrid"),
    );
    // New York skips 02:00-03:00 on 8 March 2026.
    expect(
      read("en", "Remind Ana on March 8 at 2:15 am", "2026-03-01T12:00:00Z", "America/New_York"),
    ).toEqual(once("2026-03-08T03:15", ["clock_gap 02:15→03:15"]));
  });

  it("reads a day and month without a year as this year's until it has passed", () => {
    expect(read("en", "Remind Ana on March 10 at 18:00", "2026-03-10T09:00:00Z", "Europe/Madrid")).toEqual(
      once("2026-03-10T18:00"),
    );
    expect(read("en", "Remind Ana on March 9 at 18:00", "2026-03-10T09:00:00Z", "Europe/Madrid")).toEqual(
      once("2027-03-09T18:00", ["next_year 2027-03-09"]),
    );
    // 29 February: in June 2027 the next one is in 2028; in January 2026 there is none this year to read.
    expect(read("fr", "rappeler Paul le 29 février", "2027-06-10T12:00:00Z", "Europe/Madrid")).toEqual(
      once("2028-02-29T09:00", ["default_time 09:00", "next_year 2028-02-29"]),
    );
    const draft = parse("en", "Remind Ana on February 29", new Date("2026-01-10T12:00:00Z"));
    expect([draft.schedule, draft.unknown.map((part) => [part.text, part.reason])]).toEqual([
      null,
      [["February 29", "not_understood"]],
    ]);
  });

  it("refuses a zone the runtime does not know", () => {
    expect(() =>
      parseQuickAdd("Remind Ana tomorrow", {
        locale: "en",
        timeZone: "Mars/Olympus",
        now: new Date(),
        contacts: [],
      }),
    ).toThrow(RangeError);
  });
});
