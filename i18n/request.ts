import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, localeFromAcceptLanguage, type Locale } from "./locales";
import { loadMessages } from "./messages";

/** The cookie (mirroring the browser's localStorage choice), then Accept-Language, then English. */
export async function resolveLocale(): Promise<Locale> {
  const fromCookie = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage((await headers()).get("accept-language")) ?? DEFAULT_LOCALE;
}

/**
 * The request's locale and messages. An explicit locale (getTranslations({ locale })) wins: pages
 * for a recipient (playback, preferences) speak the recipient's language, whatever the visitor's
 * cookie says.
 */
export async function requestConfig(explicit?: string) {
  const locale = isLocale(explicit) ? explicit : await resolveLocale();
  return { locale, messages: await loadMessages(locale) };
}

export default getRequestConfig(({ locale }) => requestConfig(locale));
