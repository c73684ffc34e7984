import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { catalogueFor } from "@/i18n/catalogues";
import { LOCALES, type Locale } from "@/i18n/locales";
import { FIELD_NAMES, fieldTokens } from "@/lib/messages/field-names";
import { dateGreetings, dateReminderTexts } from "@/lib/reminders/date-reminder-texts";

/**
 * The messages that show fields as text (hints, refusals, the texts the product writes): each
 * takes the fields as values, so a Spanish or French screen shows its own names.
 */
const SHOWING_FIELDS = [
  "errors.unknown_fields",
  "errors.age_needs_birth_year",
  "messagePreview.exampleDateNote",
  "messagePreview.ageNeedsYear",
  "contactDates.fieldsHint",
  "contactDates.messages.birthday",
  "contactDates.messages.leadBirthday",
  "contactDates.messages.leadAnniversary",
  "messageTemplates.builtins.birthday.body",
  "messageTemplates.builtins.appointment.body",
  "messageTemplates.builtins.thankYou.body",
] as const;

type Format = (key: string, values: Record<string, string>) => string;
const format = (locale: Locale, key: string) =>
  (createTranslator(catalogueFor(locale)) as unknown as Format)(key, {
    ...fieldTokens(locale),
    label: "Santo",
  });

const namesOf = (locale: Locale) =>
  new Set(Object.values(FIELD_NAMES).flatMap((names) => names[locale] as readonly string[]));

describe("fields shown in the screen's language", () => {
  it.each(LOCALES)("%s: every field a message shows is one of the language's names", (locale) => {
    const names = namesOf(locale);
    for (const key of SHOWING_FIELDS) {
      const shown = [...format(locale, key).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(shown.length, key).toBeGreaterThan(0);
      expect(
        shown.filter((name) => !names.has(name)),
        key,
      ).toEqual([]);
    }
  });

  it("shows the English words as before", () => {
    expect(format("en", "contactDates.fieldsHint")).toBe(
      "{first_name}, {age} and {date} are filled in when it is sent.",
    );
    expect(format("en", "messagePreview.exampleDateNote")).toBe(
      "No date chosen: {date} shows today as an example.",
    );
    expect(format("en", "errors.age_needs_birth_year")).toBe(
      "{age} needs a reminder made from a contact date with a year.",
    );
    expect(format("es", "contactDates.fieldsHint")).toBe(
      "{nombre}, {edad} y {fecha} se rellenan al enviarlo.",
    );
    expect(format("fr", "messageTemplates.builtins.appointment.body")).toBe(
      "Bonjour {prénom}, petit rappel de votre rendez-vous du {date}. À bientôt, {expéditeur}",
    );
  });

  it("writes a date's texts with the user's names, in the contact's language for the greeting", () => {
    const birthday = { kind: "birthday", label: null, year: 1986 } as const;
    expect(dateReminderTexts({ contact: "fr", user: "es" }, birthday)).toEqual({
      greeting: "Joyeux anniversaire, {nombre} !",
      lead: "El cumpleaños de {nombre_completo} es el {fecha} (cumple {edad}).",
    });
    expect(dateReminderTexts({ contact: "es", user: "en" }, birthday)).toEqual({
      greeting: "¡Feliz cumpleaños, {first_name}!",
      lead: "{name}'s birthday is on {date} (turning {age}).",
    });
    expect(dateGreetings("fr").es.birthday).toBe("¡Feliz cumpleaños, {prénom}!");
    expect(dateGreetings("en").fr.anniversary).toBe("Joyeux anniversaire de mariage, {first_name} !");
  });
});
