import { DEFAULT_LOCALE, isLocale, type Locale } from "@/i18n/locales";

/** The owner's language as a contact's default (en when the stored one is not supported). */
export function localeOf(user: { locale: string }): Locale {
  return isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
}
