import "server-only";
import { type Locale, toLocale } from "@/i18n/locales";

/** The owner's language as a contact's default (en when the stored one is not supported). */
export function localeOf(user: { locale: string }): Locale {
  return toLocale(user.locale);
}
