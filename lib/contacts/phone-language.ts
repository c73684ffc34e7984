import { isLocale, type Locale } from "@/i18n/locales";
import { countryOf } from "@/lib/validations/phone";

/** Countries where two of our languages are each a language of the country: no single guess. */
const TWO_OF_OURS = new Set(["CA", "CM", "PR", "SC", "MU", "VU", "RW", "BI"]);

/**
 * The language a phone number's country reads, when it is one of ours and the only one of ours
 * there: +34 Spanish, +33 French, +44 and +1 (US) English, +52 Spanish; none for Canada
 * (English and French), Germany or an unknown number. The country's main language comes from the
 * locale data (CLDR's likely subtags: "und-MX" is "es-Latn-MX").
 */
export function languageOfPhone(phone: string | null | undefined): Locale | undefined {
  const country = countryOf(phone);
  if (!country || TWO_OF_OURS.has(country)) return undefined;
  try {
    const language = new Intl.Locale(`und-${country}`).maximize().language;
    return isLocale(language) ? language : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new contact's message language when none is chosen: their phone's country's (above), else
 * the user's. Fixed when the contact is saved, so the user's later choices do not change it.
 */
export function defaultContactLocale(phone: string | null | undefined, ownerLocale: Locale): Locale {
  return languageOfPhone(phone) ?? ownerLocale;
}
