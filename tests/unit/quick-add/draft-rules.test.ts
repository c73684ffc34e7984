import { describe, expect, it } from "vitest";
import { anchoredSchedule, firstOccurrence, localToUtc, scheduleProblem } from "@/lib/recurrence";
import { parseQuickAdd, type QuickAddDraft, type QuickAddLocale } from "@/lib/quick-add";
import {
  reminderInputSchema,
  reminderShapeSchema,
  scheduleFromConfig,
  type ReminderBodyInput,
} from "@/lib/validations/reminder";
import { CONTACTS, NOW, PEOPLE, ZONE, noteText, parse } from "./parse-table";
import { PEOPLE_ROWS, ROWS } from "./rows";

const ALL = (["en", "es", "fr"] as const).flatMap((locale) =>
  ROWS[locale].map((row) => [locale, row.text, row.book] as const),
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
  it.each(ALL)("[%s] %s: its schedule has the shape the reminder body takes", (locale, text, book) => {
    const draft = parse(locale, text, NOW, ZONE, book);
    const body = bodyOf(draft);
    if (!body) return;
    expect(reminderShapeSchema.safeParse(body).error).toBeUndefined();
  });

  it("passes the dialog's own rules and the engine's when every part was read", () => {
    const complete = ALL.map(([locale, text, book]) => parse(locale, text, NOW, ZONE, book)).filter(
      (d) =>
        d.contact.status === "matched" &&
        d.message &&
        d.schedule &&
        !d.notes.some((n) => n.kind === "day_needed"),
    );
    expect(complete.length).toBeGreaterThan(60);
    for (const draft of complete) {
      expect(reminderInputSchema.safeParse(bodyOf(draft)).error).toBeUndefined();
      if (draft.schedule?.scheduleType !== "recurring") continue;
      const { frequency, frequencyConfig } = draft.schedule;
      const schedule = anchoredSchedule(scheduleFromConfig(frequency, frequencyConfig, ZONE), NOW);
      expect(scheduleProblem(schedule)).toBeNull();
      expect(firstOccurrence(schedule, NOW)).not.toBeNull();
    }
  });

  it("leaves the day of a repeat to the dialog, whose rules then ask for it", () => {
    const body = bodyOf(parse("en", "Remind Ana every week at 9: water the plants"));
    expect(reminderInputSchema.safeParse(body).error?.issues[0].message).toBe(
      "Please select at least one day",
    );
  });

  it.each(ALL)("[%s] %s: every part it reports is that span of the text", (locale, text, book) => {
    const draft = parse(locale, text, NOW, ZONE, book);
    const spans = [...draft.unknown, ...(draft.recipient.status === "none" ? [] : [draft.recipient.span])];
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(span.text);
  });
});

describe("without richSchedules (a form that cannot hold them), the new forms fill none of their new fields", () => {
  it.each(
    (["en", "es", "fr"] as const).flatMap((locale) =>
      PEOPLE_ROWS[locale].map((row) => [locale, row.text] as const),
    ),
  )("[%s] %s", (locale, text) => {
    const draft = parseQuickAdd(text, { locale, timeZone: ZONE, now: NOW, contacts: PEOPLE.contacts });
    const config = draft.schedule?.scheduleType === "recurring" ? draft.schedule.frequencyConfig : {};
    for (const key of [
      "interval",
      "nthWeekday",
      "anchorDate",
      "endCondition",
      "endAfterCount",
      "endByDate",
    ]) {
      expect(config).not.toHaveProperty(key);
    }
    // Read, but left for the user: no schedule, or the repeat without its first or last day.
    const rich = parse(locale, text, NOW, ZONE, "people");
    if (JSON.stringify(rich.schedule) === JSON.stringify(draft.schedule)) return;
    expect(draft.unknown.some((part) => part.reason === "unsupported")).toBe(true);
    if (draft.schedule === null || rich.schedule?.scheduleType !== "recurring") return;
    const { endCondition, endByDate, endAfterCount, anchorDate, ...kept } = rich.schedule.frequencyConfig;
    expect([endCondition, endByDate ?? endAfterCount ?? anchorDate]).not.toEqual([undefined, undefined]);
    expect(draft.schedule).toEqual({ ...rich.schedule, frequencyConfig: kept });
  });
});

describe("recipients", () => {
  const contacts = [
    { id: "choir-smith", name: "Choir" },
    { id: "mary", name: "Mary Jones" },
  ];
  const groups = [{ id: "choir", name: "Choir" }];
  const read = (text: string) =>
    parseQuickAdd(text, { locale: "en", timeZone: ZONE, now: NOW, contacts, groups, richSchedules: true });

  it("a name a contact and a group share asks which one", () => {
    const draft = read("email the choir tomorrow at 9");
    expect(draft.recipient).toMatchObject({
      status: "ambiguous",
      candidates: [
        { kind: "contact", id: "choir-smith" },
        { kind: "group", id: "choir" },
      ],
    });
    expect(draft.contact).toMatchObject({ status: "ambiguous", candidates: [{ id: "choir-smith" }] });
  });

  it("a group is the recipient, and not a contact for the form that takes contacts only", () => {
    const draft = parseQuickAdd("text the choir tomorrow at 9", {
      locale: "en",
      timeZone: ZONE,
      now: NOW,
      contacts: [],
      groups,
    });
    expect(draft.recipient).toMatchObject({ status: "matched", recipient: { kind: "group", id: "choir" } });
    expect(draft.contact).toEqual({ status: "none" });
  });

  it("no group is read without the groups", () => {
    const draft = parseQuickAdd("text the choir tomorrow at 9", {
      locale: "en",
      timeZone: ZONE,
      now: NOW,
      contacts: [],
    });
    expect(draft.recipient).toMatchObject({ status: "unknown", span: { text: "choir" } });
  });

  it("a name inside the message is not the recipient", () => {
    expect(read("tomorrow at 9 to call Mary").recipient).toEqual({ status: "none" });
    expect(read("tomorrow at 9 Mary: call the choir").recipient).toMatchObject({
      status: "matched",
      recipient: { id: "mary" },
    });
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
