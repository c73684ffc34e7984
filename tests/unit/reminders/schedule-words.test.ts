import fc from "fast-check";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { END_CONDITIONS, FREQUENCIES, WEEKDAYS } from "@/db/schema/enums";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { formatCivilDay, formatClock, formatWeekday } from "@/lib/reminders/format-in-zone";
import { scheduleText } from "@/lib/reminders/schedule-text";
import { scheduleWords, type RecurrenceTranslate, type ScheduleWordsInput } from "@/lib/reminders/schedule-words";

/**
 * The Reminders list's words for a recurring schedule before intervals and nth weekdays (a frozen
 * copy of what scheduleText said then): the list must keep saying exactly this.
 */
function listWordsBefore(input: ScheduleWordsInput, t: RecurrenceTranslate, locale: string): string {
  const order: readonly string[] = WEEKDAYS;
  const config = input.frequencyConfig ?? {};
  let rule: string;
  if (input.frequency === "monthly" && config.dayOfMonth) rule = t("monthlyDay", { day: config.dayOfMonth });
  else if (input.frequency === "yearly" && config.month && config.dayOfMonth) {
    const date = formatCivilDay(`2000-${pad(config.month)}-${pad(config.dayOfMonth)}`, "dayMonth", locale);
    rule = t("yearlyDay", { date });
  } else {
    const days = [...new Set(config.days ?? [])]
      .filter((day) => order.includes(day))
      .sort((a, b) => order.indexOf(a) - order.indexOf(b));
    rule =
      input.frequency === "weekly" && days.length > 0
        ? t("weeklyOn", {
            days: new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(
              days.map((day) => formatWeekday(day, locale)),
            ),
          })
        : t(`frequency.${input.frequency ?? "daily"}`);
  }
  let text = config.time
    ? t("recurringAt", { rule, time: formatClock(config.time, locale) })
    : t("recurring", { rule });
  if (config.endCondition === "after" && config.endAfterCount) text += t("endsAfter", { count: config.endAfterCount });
  else if (config.endCondition === "by" && config.endByDate)
    text += t("endsBy", { date: formatCivilDay(config.endByDate, "fullDate", locale) });
  return text;
}

const translators = {
  en: createTranslator({ locale: "en", messages: en, namespace: "recurrence" }),
  es: createTranslator({ locale: "es", messages: es, namespace: "recurrence" }),
  fr: createTranslator({ locale: "fr", messages: fr, namespace: "recurrence" }),
};
type Locale = keyof typeof translators;
const LOCALES = ["en", "es", "fr"] as const;

const words = (input: ScheduleWordsInput, locale: Locale, style: "list" | "sentence" = "sentence") =>
  scheduleWords(input, { t: translators[locale] as unknown as RecurrenceTranslate, locale, style });

const pad = (n: number) => String(n).padStart(2, "0");

/** frequencyConfig as the reminder body held it before intervals and nth weekdays. */
const todaysConfigArb = fc.record(
  {
    time: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${pad(h)}:${pad(m)}`),
    days: fc.array(fc.constantFrom(...WEEKDAYS, "Xyz"), { maxLength: 8 }),
    dayOfMonth: fc.integer({ min: 1, max: 31 }),
    month: fc.integer({ min: 1, max: 12 }),
    endCondition: fc.constantFrom(...END_CONDITIONS),
    endAfterCount: fc.integer({ min: 1, max: 10_000 }),
    endByDate: fc
      .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10)),
  },
  { requiredKeys: [] },
);

describe("the list's words keep today's words for today's schedules", () => {
  it("says every schedule without an interval or nth weekday as the list said it, in each language", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...FREQUENCIES),
        fc.option(todaysConfigArb, { nil: null }),
        (locale, frequency, frequencyConfig) => {
          const t = translators[locale] as unknown as RecurrenceTranslate;
          const before = listWordsBefore({ frequency, frequencyConfig }, t, locale);
          expect(words({ frequency, frequencyConfig }, locale, "list")).toBe(before);
          // The list's row reads them (in the viewer's own zone, so no zone is named).
          const row = scheduleText(
            { scheduleType: "recurring", scheduledFor: null, frequency, frequencyConfig },
            { t, locale, timeZone: "UTC", now: new Date("2026-03-10T09:00:00Z") },
          );
          expect(row).toBe(before);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("says an interval of 1 as no interval", () => {
    const weekly = { frequency: "weekly", frequencyConfig: { time: "09:00", days: ["Mon", "Thu"] } };
    for (const locale of LOCALES) {
      expect(
        words({ ...weekly, frequencyConfig: { ...weekly.frequencyConfig, interval: 1 } }, locale, "list"),
      ).toBe(words(weekly, locale, "list"));
    }
  });
});

type Row = [ScheduleWordsInput, Record<Locale, string>];
const recurring = (
  frequency: string,
  frequencyConfig: ScheduleWordsInput["frequencyConfig"],
  leadDays?: number,
) => ({
  frequency,
  frequencyConfig,
  leadDays,
});

describe("the dialog's sentence, in three languages", () => {
  it.each<Row>([
    [
      recurring("weekly", { time: "08:00", days: ["Tue"], interval: 2 }),
      {
        en: "Every 2 weeks on Tuesday at 8:00 AM",
        es: "Cada 2 semanas el martes a las 8:00",
        fr: "Toutes les 2 semaines le mardi à 08:00",
      },
    ],
    [
      recurring("monthly", { time: "12:00", days: ["Fri"], nthWeekday: -1 }),
      {
        en: "The last Friday of every month at 12:00 PM",
        es: "El último viernes de cada mes a las 12:00",
        fr: "Le dernier vendredi de chaque mois à 12:00",
      },
    ],
    [
      recurring("weekly", { time: "08:15", days: ["Fri", "Mon", "Tue", "Wed", "Thu"] }),
      {
        en: "Every weekday at 8:15 AM",
        es: "De lunes a viernes a las 8:15",
        fr: "Du lundi au vendredi à 08:15",
      },
    ],
    [
      recurring("weekly", { time: "13:30", days: ["Thu", "Mon"] }),
      {
        en: "Every Monday and Thursday at 1:30 PM",
        es: "Cada lunes y jueves a las 13:30",
        fr: "Chaque lundi et jeudi à 13:30",
      },
    ],
    [
      recurring("weekly", { time: "01:00", days: ["Sat", "Sun"], interval: 3 }),
      {
        en: "Every 3 weeks on Saturday and Sunday at 1:00 AM",
        es: "Cada 3 semanas el sábado y el domingo a la 1:00",
        fr: "Toutes les 3 semaines le samedi et le dimanche à 01:00",
      },
    ],
    [
      recurring("daily", { time: "07:00" }),
      { en: "Every day at 7:00 AM", es: "Todos los días a las 7:00", fr: "Tous les jours à 07:00" },
    ],
    [
      recurring("daily", { time: "21:00", interval: 3, endCondition: "after", endAfterCount: 10 }),
      {
        en: "Every 3 days at 9:00 PM, 10 times",
        es: "Cada 3 días a las 21:00, 10 veces",
        fr: "Tous les 3 jours à 21:00, 10 fois",
      },
    ],
    [
      recurring("monthly", { time: "09:00", dayOfMonth: 1, interval: 3 }),
      {
        en: "Every 3 months on the 1st at 9:00 AM",
        es: "El día 1 de cada 3 meses a las 9:00",
        fr: "Tous les 3 mois le 1er à 09:00",
      },
    ],
    [
      recurring("monthly", { time: "09:00", dayOfMonth: 22 }),
      {
        en: "Every month on the 22nd at 9:00 AM",
        es: "El día 22 de cada mes a las 9:00",
        fr: "Tous les mois le 22 à 09:00",
      },
    ],
    [
      recurring("monthly", { time: "11:00", days: ["Sat"], nthWeekday: 1, interval: 2 }),
      {
        en: "The first Saturday of every 2 months at 11:00 AM",
        es: "El primer sábado de cada 2 meses a las 11:00",
        fr: "Le premier samedi du mois, tous les 2 mois, à 11:00",
      },
    ],
    [
      recurring("yearly", { time: "07:00", month: 2, dayOfMonth: 29 }),
      {
        en: "Every year on February 29 at 7:00 AM",
        es: "Cada año el 29 de febrero a las 7:00",
        fr: "Tous les ans le 29 février à 07:00",
      },
    ],
    [
      recurring("yearly", {
        time: "09:00",
        month: 3,
        dayOfMonth: 1,
        interval: 2,
        endCondition: "by",
        endByDate: "2030-06-30",
      }),
      {
        en: "Every 2 years on March 1 at 9:00 AM, until Jun 30, 2030",
        es: "Cada 2 años el 1 de marzo a las 9:00, hasta el 30 jun 2030",
        fr: "Tous les 2 ans le 1er mars à 09:00, jusqu’au 30 juin 2030",
      },
    ],
    [
      recurring("yearly", { time: "10:00", month: 5, days: ["Sun"], nthWeekday: 2 }),
      {
        en: "The second Sunday of May every year at 10:00 AM",
        es: "El segundo domingo de mayo de cada año a las 10:00",
        fr: "Le deuxième dimanche de mai de chaque année à 10:00",
      },
    ],
    [
      recurring("yearly", { time: "10:00", month: 4, days: ["Thu"], nthWeekday: 3, interval: 2 }),
      {
        en: "The third Thursday of April every 2 years at 10:00 AM",
        es: "El tercer jueves de abril de cada 2 años a las 10:00",
        fr: "Le troisième jeudi d’avril, tous les 2 ans, à 10:00",
      },
    ],
    [
      recurring("yearly", { time: "09:00", month: 3, dayOfMonth: 1 }, 7),
      {
        en: "7 days before March 1 every year at 9:00 AM",
        es: "7 días antes del 1 de marzo de cada año a las 9:00",
        fr: "7 jours avant le 1er mars de chaque année à 09:00",
      },
    ],
    [
      recurring("weekly", { time: "09:00", days: [], interval: 2, endCondition: "after", endAfterCount: 1 }),
      {
        en: "Every 2 weeks at 9:00 AM, only once",
        es: "Cada 2 semanas a las 9:00, una vez",
        fr: "Toutes les 2 semaines à 09:00, une fois",
      },
    ],
  ])("%j", (input, expected) => {
    for (const locale of LOCALES) expect(words(input, locale)).toBe(expected[locale]);
  });
});

describe("the list's words for the new kinds", () => {
  it.each<Row>([
    [
      recurring("weekly", { time: "19:00", days: ["Tue"], interval: 2 }),
      {
        en: "Recurring: every 2 weeks on Tue at 7:00 PM",
        es: "Recurrente: cada 2 semanas los mar a las 19:00",
        fr: "Récurrent : toutes les 2 semaines le mar. à 19:00",
      },
    ],
    [
      recurring("monthly", {
        time: "12:00",
        days: ["Fri"],
        nthWeekday: -1,
        endCondition: "after",
        endAfterCount: 6,
      }),
      {
        en: "Recurring: last Friday of every month at 12:00 PM (ends after 6 times)",
        es: "Recurrente: el último viernes de cada mes a las 12:00 (termina tras 6 veces)",
        fr: "Récurrent : le dernier vendredi de chaque mois à 12:00 (se termine après 6 fois)",
      },
    ],
    [
      recurring("monthly", { time: "09:00", dayOfMonth: 31, interval: 3 }),
      {
        en: "Recurring: 31st of every 3 months at 9:00 AM",
        es: "Recurrente: el día 31 de cada 3 meses a las 9:00",
        fr: "Récurrent : le 31 tous les 3 mois à 09:00",
      },
    ],
    [
      recurring("daily", { time: "08:00", interval: 2 }),
      {
        en: "Recurring: every 2 days at 8:00 AM",
        es: "Recurrente: cada 2 días a las 8:00",
        fr: "Récurrent : tous les 2 jours à 08:00",
      },
    ],
    [
      recurring("yearly", { time: "08:00", month: 8, days: ["Mon"], nthWeekday: 1 }),
      {
        en: "Recurring: first Monday of August every year at 8:00 AM",
        es: "Recurrente: el primer lunes de agosto de cada año a las 8:00",
        fr: "Récurrent : le premier lundi d’août de chaque année à 08:00",
      },
    ],
    [
      recurring("yearly", { time: "08:00", month: 12, dayOfMonth: 25, interval: 2 }),
      {
        en: "Recurring: Dec 25 every 2 years at 8:00 AM",
        es: "Recurrente: 25 dic, cada 2 años a las 8:00",
        fr: "Récurrent : le 25 déc., tous les 2 ans à 08:00",
      },
    ],
  ])("%j", (input, expected) => {
    for (const locale of LOCALES) expect(words(input, locale, "list")).toBe(expected[locale]);
  });

  it("says a schedule without a frequency is not scheduled", () => {
    expect(words({ frequency: null, frequencyConfig: null }, "fr")).toBe("Non planifié");
  });
});
