import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { type Locale, toLocale } from "@/i18n/locales";

const catalogues = { en, es, fr } as const;

/** The delivery log's strings outside React (the alert e-mail), in a user's language. */
export function deliveryLogTranslator(locale: string | null | undefined) {
  const chosen: Locale = toLocale(locale);
  return {
    locale: chosen,
    t: createTranslator({ locale: chosen, messages: catalogues[chosen], namespace: "deliveryLog" }),
  };
}
