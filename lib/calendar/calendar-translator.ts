import "server-only";
import { createTranslator } from "use-intl/core";
import { catalogueFor } from "@/i18n/catalogues";
import { type Locale, toLocale } from "@/i18n/locales";

function create(locale: Locale) {
  return createTranslator({ ...catalogueFor(locale), namespace: "calendarFeed.feed" });
}

export type CalendarTranslator = ReturnType<typeof create>;

// One per language for the life of the process, as the delivery engine does (parsing is costly).
const translators = new Map<Locale, CalendarTranslator>();

/** The feed's own words (calendar name, event titles) in the user's language; English otherwise. */
export function calendarTranslator(locale: string | null | undefined): CalendarTranslator {
  const chosen: Locale = toLocale(locale);
  let t = translators.get(chosen);
  if (!t) translators.set(chosen, (t = create(chosen)));
  return t;
}
