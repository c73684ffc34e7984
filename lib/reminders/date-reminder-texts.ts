import "server-only";
import { createTranslator } from "use-intl/core";
import { CONTACT_DATE_KINDS, type ContactDateKind } from "@/db/schema/enums";
import { catalogueFor } from "@/i18n/catalogues";
import { LOCALES, type Locale } from "@/i18n/locales";

// The fields stay as written, to be filled by renderFields at each send.
const FIELDS = { first_name: "{first_name}", name: "{name}", date: "{date}", age: "{age}" };

export interface DateOfContact {
  kind: ContactDateKind;
  label: string | null;
  year: number | null;
}

/** The greeting a date's yearly reminder starts with, in `locale`: "Happy birthday, {first_name}!". */
function greetingIn(locale: string, kind: ContactDateKind): string {
  return createTranslator({ ...catalogueFor(locale), namespace: "contactDates.messages" })(kind, FIELDS);
}

/**
 * The texts a date's reminders start with: the greeting to the contact in the contact's language
 * ("Happy birthday, {first_name}!"), and the lead reminder's line to the user in the user's, which
 * names the contact and the date and, only when the year is known, the age ("... on {date}
 * (turning {age})").
 */
export function dateReminderTexts(
  languages: { contact: string; user: string },
  date: DateOfContact,
): { greeting: string; lead: string } {
  const t = createTranslator({ ...catalogueFor(languages.user), namespace: "contactDates.messages" });
  const noYear = date.year === null;
  const lead =
    date.kind === "birthday"
      ? t(noYear ? "leadBirthdayNoYear" : "leadBirthday", FIELDS)
      : date.kind === "anniversary"
        ? t(noYear ? "leadAnniversaryNoYear" : "leadAnniversary", FIELDS)
        : t("leadCustom", { ...FIELDS, label: date.label ?? "" });
  return { greeting: greetingIn(languages.contact, date.kind), lead };
}

export type DateGreetings = Record<Locale, Record<ContactDateKind, string>>;

/** Each kind's greeting in every language, for the dialog to prefill in the contact's. */
export function dateGreetings(): DateGreetings {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(CONTACT_DATE_KINDS.map((kind) => [kind, greetingIn(locale, kind)])),
    ]),
  ) as DateGreetings;
}
