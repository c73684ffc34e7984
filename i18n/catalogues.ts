import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { type Locale, toLocale } from "./locales";

const CATALOGUES = { en, es, fr } as const;

/**
 * The supported language for `locale` (English otherwise) and its whole catalogue, loaded once:
 * for strings written outside a request (the delivery engine, e-mails, the calendar feed).
 */
export function catalogueFor(locale: string | null | undefined) {
  const chosen: Locale = toLocale(locale);
  return { locale: chosen, messages: CATALOGUES[chosen] };
}
