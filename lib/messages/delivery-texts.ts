import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import { LOCALES, type Locale } from "@/i18n/locales";
import { DELIVERY_TEXT_KEYS, type DeliveryTextKey } from "./compose-message";

export type DeliveryTexts = Record<Locale, Record<DeliveryTextKey, string>>;

const catalogues = { en, es, fr } as const;

/**
 * The fixed lines of a reminder in every language, as written in messages/*.json: the server
 * hands them to the dialog so its preview formats them as the engine does, without shipping the
 * whole catalogues to the browser.
 */
export function deliveryTexts(): DeliveryTexts {
  // A dotted key ("call.greeting") names a nested message.
  const lookup = (locale: Locale, key: DeliveryTextKey): string => {
    const found = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogues[locale].delivery);
    return String(found);
  };
  const pick = (locale: Locale) =>
    Object.fromEntries(DELIVERY_TEXT_KEYS.map((key) => [key, lookup(locale, key)])) as Record<
      DeliveryTextKey,
      string
    >;
  return Object.fromEntries(LOCALES.map((locale) => [locale, pick(locale)])) as DeliveryTexts;
}
