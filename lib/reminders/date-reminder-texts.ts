import "server-only";
import { createTranslator } from "use-intl/core";
import type { ContactDateKind } from "@/db/schema/enums";
import { catalogueFor } from "@/i18n/catalogues";

// The fields stay as written, to be filled by renderFields at each send.
const FIELDS = { first_name: "{first_name}", name: "{name}", date: "{date}", age: "{age}" };

export interface DateOfContact {
  kind: ContactDateKind;
  label: string | null;
  year: number | null;
}

/**
 * The texts a date's reminders start with, in the user's language: the greeting to the contact
 * ("Happy birthday, {first_name}!") and the lead reminder's line to the user, which names the
 * contact and the date and, only when the year is known, the age ("... on {date} (turning {age})").
 */
export function dateReminderTexts(locale: string, date: DateOfContact): { greeting: string; lead: string } {
  const t = createTranslator({ ...catalogueFor(locale), namespace: "contactDates.messages" });
  const noYear = date.year === null;
  const lead =
    date.kind === "birthday"
      ? t(noYear ? "leadBirthdayNoYear" : "leadBirthday", FIELDS)
      : date.kind === "anniversary"
        ? t(noYear ? "leadAnniversaryNoYear" : "leadAnniversary", FIELDS)
        : t("leadCustom", { ...FIELDS, label: date.label ?? "" });
  return { greeting: t(date.kind, FIELDS), lead };
}
