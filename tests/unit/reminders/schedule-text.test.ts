import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { formatNearDate } from "@/lib/reminders/format-in-zone";
import { recipientName, type RemindersTranslate } from "@/lib/reminders/recipient-name";
import {
  displayZone,
  scheduleText,
  type RecurrenceTranslate,
  type ScheduleTextInput,
} from "@/lib/reminders/schedule-text";

const translators = {
  en: createTranslator({ locale: "en", messages: en, namespace: "recurrence" }),
  es: createTranslator({ locale: "es", messages: es, namespace: "recurrence" }),
  fr: createTranslator({ locale: "fr", messages: fr, namespace: "recurrence" }),
};

function text(input: Partial<ScheduleTextInput>, locale: keyof typeof translators = "en", timeZone = "UTC") {
  return scheduleText(
    { scheduleType: "recurring", scheduledFor: null, frequency: null, frequencyConfig: null, ...input },
    {
      t: translators[locale] as unknown as RecurrenceTranslate,
      locale,
      timeZone,
      now: new Date("2026-03-10T15:00:00Z"),
    },
  );
}

const recurring = (frequency: string, frequencyConfig: ScheduleTextInput["frequencyConfig"]) => ({
  scheduleType: "recurring",
  frequency,
  frequencyConfig,
});

describe("schedule text (Reminders screen)", () => {
  it.each<[string, Partial<ScheduleTextInput>, string]>([
    ["one-time today", { scheduleType: "once", scheduledFor: "2026-03-10T21:05:00Z" }, "Today at 9:05 PM"],
    [
      "one-time tomorrow",
      { scheduleType: "once", scheduledFor: "2026-03-11T09:00:00Z" },
      "Tomorrow at 9:00 AM",
    ],
    ["one-time later", { scheduleType: "once", scheduledFor: "2026-04-02T13:30:00Z" }, "Apr 2 at 1:30 PM"],
    [
      "one-time midnight",
      { scheduleType: "once", scheduledFor: "2026-12-25T00:00:00Z" },
      "Dec 25 at 12:00 AM",
    ],
    ["daily with time", recurring("daily", { time: "09:00" }), "Recurring: daily at 9:00 AM"],
    ["weekly without time", recurring("weekly", { days: [] } as never), "Recurring: weekly"],
    [
      "monthly 1st",
      recurring("monthly", { time: "08:15", dayOfMonth: 1 }),
      "Recurring: 1st of every month at 8:15 AM",
    ],
    ["monthly 2nd", recurring("monthly", { dayOfMonth: 2 }), "Recurring: 2nd of every month"],
    ["monthly 3rd", recurring("monthly", { dayOfMonth: 3 }), "Recurring: 3rd of every month"],
    ["monthly 11th", recurring("monthly", { dayOfMonth: 11 }), "Recurring: 11th of every month"],
    ["monthly 12th", recurring("monthly", { dayOfMonth: 12 }), "Recurring: 12th of every month"],
    ["monthly 22nd", recurring("monthly", { dayOfMonth: 22 }), "Recurring: 22nd of every month"],
    [
      "monthly 31st",
      recurring("monthly", { time: "09:00", dayOfMonth: 31 }),
      "Recurring: 31st of every month at 9:00 AM",
    ],
    [
      "yearly",
      recurring("yearly", { time: "07:00", month: 2, dayOfMonth: 29 }),
      "Recurring: Feb 29 every year at 7:00 AM",
    ],
    ["yearly without day", recurring("yearly", { month: 2 }), "Recurring: yearly"],
    [
      "ends after",
      recurring("daily", { time: "09:00", endCondition: "after", endAfterCount: 12 }),
      "Recurring: daily at 9:00 AM (ends after 12 times)",
    ],
    [
      "ends by",
      recurring("weekly", { time: "18:30", endCondition: "by", endByDate: "2027-01-05" }),
      "Recurring: weekly at 6:30 PM (ends Jan 5, 2027)",
    ],
    [
      "never: no suffix",
      recurring("daily", { time: "09:00", endCondition: "never" }),
      "Recurring: daily at 9:00 AM",
    ],
    [
      "every 2 weeks",
      recurring("weekly", { time: "19:00", days: ["Tue"], interval: 2 }),
      "Recurring: every 2 weeks on Tue at 7:00 PM",
    ],
    [
      "the last Friday",
      recurring("monthly", { time: "12:00", days: ["Fri"], nthWeekday: -1 }),
      "Recurring: last Friday of every month at 12:00 PM",
    ],
    ["once without a time", { scheduleType: "once", scheduledFor: null }, "Not scheduled"],
    ["recurring without frequency", { scheduleType: "recurring" }, "Not scheduled"],
  ])("%s", (_label, input, expected) => {
    expect(text(input)).toBe(expected);
  });

  it("reads today and tomorrow in the user's timezone", () => {
    // 15:00Z on Mar 10 is 02:00 on Mar 11 in Sydney; 22:00Z on Mar 11 is 09:00 Mar 12 there.
    expect(
      text({ scheduleType: "once", scheduledFor: "2026-03-11T22:00:00Z" }, "en", "Australia/Sydney"),
    ).toBe("Tomorrow at 9:00 AM");
    expect(text({ scheduleType: "once", scheduledFor: "2026-03-11T22:00:00Z" }, "en", "UTC")).toBe(
      "Tomorrow at 10:00 PM",
    );
    expect(
      text({ scheduleType: "once", scheduledFor: "2026-03-10T16:00:00Z" }, "en", "Pacific/Honolulu"),
    ).toBe("Today at 6:00 AM");
  });

  it("is translated", () => {
    const monthly = recurring("monthly", {
      time: "09:00",
      dayOfMonth: 31,
      endCondition: "after",
      endAfterCount: 12,
    });
    expect(text(monthly, "es")).toBe("Recurrente: el día 31 de cada mes a las 9:00 (termina tras 12 veces)");
    expect(text(monthly, "fr")).toBe("Récurrent : le 31 de chaque mois à 09:00 (se termine après 12 fois)");
    expect(text(recurring("monthly", { dayOfMonth: 1 }), "fr")).toBe("Récurrent : le 1er de chaque mois");
    expect(text({ scheduleType: "once", scheduledFor: "2026-03-11T09:00:00Z" }, "fr")).toBe("Demain à 09:00");
  });

  it("uses one clock style per locale for one-time and recurring rows", () => {
    const once = { scheduleType: "once", scheduledFor: "2026-03-10T15:12:00Z" };
    const daily = recurring("daily", { time: "19:00" });
    expect([text(once, "en"), text(daily, "en")]).toEqual([
      "Today at 3:12 PM",
      "Recurring: daily at 7:00 PM",
    ]);
    expect([text(once, "es"), text(daily, "es")]).toEqual([
      "Hoy a las 15:12",
      "Recurrente: diario a las 19:00",
    ]);
    expect([text(once, "fr"), text(daily, "fr")]).toEqual([
      "Aujourd’hui à 15:12",
      "Récurrent : quotidien à 19:00",
    ]);
  });

  it("names a weekly reminder's days, in week order", () => {
    const weekly = recurring("weekly", { time: "09:00", days: ["Fri", "Mon", "Wed"] });
    expect(text(weekly, "en")).toBe("Recurring: weekly on Mon, Wed, and Fri at 9:00 AM");
    expect(text(weekly, "es")).toBe("Recurrente: semanal los lun, mié y vie a las 9:00");
    expect(text(weekly, "fr")).toBe("Récurrent : chaque semaine le lun., mer. et ven. à 09:00");
    expect(text(recurring("weekly", { days: ["Thu"] }), "en")).toBe("Recurring: weekly on Thu");
  });

  it("a sent or cancelled one-time reminder does not read as a future 'Tomorrow at'", () => {
    const tomorrow = { scheduleType: "once", scheduledFor: "2026-03-11T09:00:00Z" };
    expect(text({ ...tomorrow, status: "scheduled" })).toBe("Tomorrow at 9:00 AM");
    expect(text({ ...tomorrow, status: "sent", lastSentAt: "2026-03-10T14:55:00Z" })).toBe(
      "Sent Mar 10 at 2:55 PM",
    );
    expect(text({ ...tomorrow, status: "cancelled" })).toBe("Cancelled (was Mar 11 at 9:00 AM)");
    expect(text({ ...tomorrow, status: "cancelled" }, "es")).toBe("Cancelado (era el 11 mar a las 9:00)");
    expect(text({ ...tomorrow, status: "failed" })).toBe("Mar 11 at 9:00 AM");
  });

  it("shows times in the reminder's own zone and names it when it is not the viewer's", () => {
    const daily = { ...recurring("daily", { time: "09:00" }), timezone: "Australia/Sydney" };
    expect(text(daily, "en", "Australia/Sydney")).toBe("Recurring: daily at 9:00 AM");
    expect(text(daily, "en", "Europe/Paris")).toBe("Recurring: daily at 9:00 AM (Australia/Sydney time)");
    // 22:00Z on Mar 11 is 09:00 on Mar 12 in Sydney: tomorrow there, whatever the viewer's zone.
    const once = { scheduleType: "once", scheduledFor: "2026-03-11T22:00:00Z", timezone: "Australia/Sydney" };
    expect(text(once, "en", "UTC")).toBe("Tomorrow at 9:00 AM (Australia/Sydney time)");
    expect(displayZone({ timezone: "Australia/Sydney" }, "UTC")).toEqual({
      zone: "Australia/Sydney",
      label: "Australia/Sydney",
    });
    expect(displayZone({}, "UTC")).toEqual({ zone: "UTC", label: null });
  });
});

describe("dates outside this year say their year", () => {
  it("a one-time reminder next year, a sent one from last year, in each language", () => {
    const nextYear = { scheduleType: "once", scheduledFor: "2027-01-05T09:00:00Z" };
    expect(text(nextYear)).toBe("Jan 5, 2027 at 9:00 AM");
    expect(text(nextYear, "es")).toBe("5 ene 2027 a las 9:00");
    expect(text(nextYear, "fr")).toBe("5 janv. 2027 à 09:00");
    expect(text({ ...nextYear, status: "sent", lastSentAt: "2025-12-31T20:00:00Z" })).toBe(
      "Sent Dec 31, 2025 at 8:00 PM",
    );
    // This year's dates stay short.
    expect(text({ scheduleType: "once", scheduledFor: "2026-12-25T09:00:00Z" })).toBe("Dec 25 at 9:00 AM");
  });

  it("this year is the year in the zone shown, not in UTC", () => {
    const now = new Date("2026-12-31T20:00:00Z");
    // 08:00Z on 1 January 2027 is still 31 December 2026 in Honolulu; in Sydney `now` is already 2027.
    expect(formatNearDate("2027-01-01T08:00:00Z", "dayMonth", "UTC", "en", now)).toBe("Jan 1, 2027");
    expect(formatNearDate("2027-01-01T08:00:00Z", "dayMonth", "Pacific/Honolulu", "en", now)).toBe("Dec 31");
    expect(formatNearDate("2027-01-01T08:00:00Z", "dateTime", "Australia/Sydney", "en", now)).toBe(
      "Jan 1, 7:00 PM",
    );
    expect(formatNearDate("2027-03-01T10:00:00Z", "dateTime", "Europe/Madrid", "es", now)).toBe(
      "1 mar 2027, 11:00",
    );
  });
});

describe("who a reminder goes to", () => {
  const t = createTranslator({ locale: "en", messages: en, namespace: "reminders" });
  const tr = t as unknown as RemindersTranslate;
  it("a lead reminder goes to the user, about the contact; others to the contact", () => {
    expect(recipientName({ recipient: "owner", contactName: "Ana López" }, tr)).toBe("You (about Ana López)");
    expect(recipientName({ recipient: "contact", contactName: "Ana López" }, tr)).toBe("Ana López");
    expect(recipientName({ recipient: "group", contactName: null, groupName: "Choir" }, tr)).toBe("Choir");
    expect(recipientName({ contactName: null }, tr)).toBe("Unknown Contact");
    const spanish = createTranslator({ locale: "es", messages: es, namespace: "reminders" });
    expect(
      recipientName({ recipient: "owner", contactName: "Ana" }, spanish as unknown as RemindersTranslate),
    ).toBe("Tú (sobre Ana)");
  });
});
