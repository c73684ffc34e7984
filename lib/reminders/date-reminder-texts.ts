import "server-only";
import { createTranslator } from "use-intl/core";
import { CONTACT_DATE_KINDS, type ContactDateKind } from "@/db/schema/enums";
import { catalogueFor } from "@/i18n/catalogues";
import { LOCALES, toLocale, type Locale } from "@/i18n/locales";
import { fieldTokens } from "@/lib/messages/field-names";

// The fields stay as written, to be filled by renderFields at each send. They are written in the
// user's names ("{nombre}" for a Spanish user), even inside a greeting in the contact's language:
// the user reads and edits the message, the contact only ever sees it filled.

export interface DateOfContact {
  kind: ContactDateKind;
  label: string | null;
  year: number | null;
}

/**
 * The greeting a date's yearly reminder starts with, in `locale`, its fields in `fieldsLocale`'s
 * names: "Happy birthday, {first_name}!", "¡Feliz cumpleaños, {nombre}!".
 */
function greetingIn(locale: string, kind: ContactDateKind, fieldsLocale: Locale): string {
  return createTranslator({ ...catalogueFor(locale), namespace: "contactDates.messages" })(
    kind,
    fieldTokens(fieldsLocale),
  );
}

/**
 * The texts a date's reminders start with: the greeting to the contact in the contact's language
 * ("Happy birthday, {first_name}!"), and the lead reminder's line to the user in the user's, which
 * names the contact and the date and, only when the year is known, the age ("... on {date}
 * (turning {age})"). Both write their fields in the user's names.
 */
export function dateReminderTexts(
  languages: { contact: string; user: string },
  date: DateOfContact,
): { greeting: string; lead: string } {
  const t = createTranslator({ ...catalogueFor(languages.user), namespace: "contactDates.messages" });
  const fieldsLocale = toLocale(languages.user);
  const fields = fieldTokens(fieldsLocale);
  const noYear = date.year === null;
  const lead =
    date.kind === "birthday"
      ? t(noYear ? "leadBirthdayNoYear" : "leadBirthday", fields)
      : date.kind === "anniversary"
        ? t(noYear ? "leadAnniversaryNoYear" : "leadAnniversary", fields)
        : t("leadCustom", { ...fields, label: date.label ?? "" });
  return { greeting: greetingIn(languages.contact, date.kind, fieldsLocale), lead };
}

export type DateGreetings = Record<Locale, Record<ContactDateKind, string>>;

/**
 * Each kind's greeting in every language, for the dialog to prefill in the contact's; their fields
 * in the names of the screen's language (`fieldsLocale`), as the dialog's hint and buttons show them.
 */
export function dateGreetings(fieldsLocale: Locale): DateGreetings {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(CONTACT_DATE_KINDS.map((kind) => [kind, greetingIn(locale, kind, fieldsLocale)])),
    ]),
  ) as DateGreetings;
}
