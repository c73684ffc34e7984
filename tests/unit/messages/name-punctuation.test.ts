import { describe, expect, it } from "vitest";
import { DELIVERY_METHODS } from "@/db/schema/enums";
import { LOCALES } from "@/i18n/locales";
import { dateReminderTexts } from "@/lib/reminders/date-reminder-texts";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import { previewMessage } from "@/lib/messages/preview-message";
import { deliveryTranslator, renderMessage } from "@/lib/messages/render-message";
import { renderFields } from "@/lib/messages/render-fields";
import en from "@/messages/en.json";

// Names people really write, ending with the punctuation a sentence could end with.
const NAMES = ["Lucía G.", "Dr. J. R. R. Tolkien Jr.", "Yahoo!", "¿Quién?"];
/** A stop right after a name that already ends a sentence. */
const DOUBLED = /(?:\.|!|\?)\.(?!\.)/;

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

/** Values for each of a message's arguments: every name one of NAMES, numbers and choices left plain. */
function valuesFor(message: string, name: string): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [, arg, kind] of message.matchAll(/\{\s*(\w+)\s*(?:,\s*(\w+))?/g)) {
    values[arg] = kind === "plural" || kind === "number" ? 2 : kind === "select" ? "other" : name;
  }
  return values;
}

describe("a name ending with punctuation joins a sentence with one stop", () => {
  it.each(LOCALES)("%s: every delivery.* line, filled with each name", (locale) => {
    const t = deliveryTranslator(locale);
    const doubled: string[] = [];
    for (const key of keysOf(en.delivery as Tree)) {
      const template = key.split(".").reduce<unknown>((node, part) => (node as Tree)[part], en.delivery);
      for (const name of NAMES) {
        const text = t(key as "subject", valuesFor(String(template), name));
        if (DOUBLED.test(text.replaceAll("://", ""))) doubled.push(`${key}: ${text}`);
      }
    }
    expect(doubled).toEqual([]);
  });

  it.each(LOCALES)("%s: what each channel sends, previewed and as the engine renders it", (locale) => {
    for (const senderName of NAMES)
      for (const channel of DELIVERY_METHODS)
        for (const askConfirmation of [true, false]) {
          const input = {
            channel,
            message: "",
            contactName: NAMES[1],
            senderName,
            locale,
            occurrenceDate: { year: 2026, month: 7, day: 21 },
            askConfirmation,
            texts: deliveryTexts(),
          };
          const parts = Object.values(previewMessage(input)).filter((v) => typeof v === "string");
          const sent = renderMessage({
            deliveryId: 1,
            channel,
            to: "x",
            contactName: input.contactName,
            message: "See you there, {first_name}. Love, {sender}.",
            senderName,
            locale,
            unsubscribeToken: "t",
            askConfirmation,
            fields: { occurrenceDate: input.occurrenceDate, contactDate: null },
          });
          const spoken = sent.call ? Object.values(sent.call.lines) : [];
          for (const text of [...parts, sent.text, sent.subject ?? "", ...spoken])
            expect(text.replaceAll("://", ""), `${channel} ${senderName}`).not.toMatch(DOUBLED);
        }
  });

  it("a field before the message's own stop: the name's stop is the sentence's", () => {
    const values = {
      contactName: "Ana María López",
      senderName: "Lucía G.",
      locale: "es" as const,
      occurrenceDate: { year: 2026, month: 7, day: 14 },
    };
    expect(renderFields("Un abrazo de {sender}.", values)).toBe("Un abrazo de Lucía G.");
    expect(renderFields("Hola {first_name}. Besos, {sender}!", values)).toBe("Hola Ana. Besos, Lucía G.!");
    // An ellipsis stays as written; another name keeps its stop.
    expect(renderFields("{sender}...", values)).toBe("Lucía G....");
    expect(renderFields("De {sender}.", { ...values, senderName: "Lucía" })).toBe("De Lucía.");
  });

  it("the lead reminders and greetings of contact dates", () => {
    for (const user of LOCALES) {
      for (const kind of ["birthday", "anniversary", "custom"] as const) {
        const texts = dateReminderTexts({ contact: user, user }, { kind, label: "Cita Dr.", year: 1990 });
        for (const body of [texts.greeting, texts.lead]) {
          const filled = renderFields(body, {
            contactName: "Dr. J. R. R. Tolkien Jr.",
            senderName: "Lucía G.",
            locale: user,
            occurrenceDate: { year: 2026, month: 7, day: 14 },
            contactDate: { month: 7, day: 21, year: 1990 },
          });
          expect(filled, `${user} ${kind}`).not.toMatch(DOUBLED);
        }
      }
    }
  });
});
