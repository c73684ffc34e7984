import { isLocale, type Locale } from "@/i18n/locales";

const NAMES: Record<string, Locale> = {
  english: "en",
  anglais: "en",
  ingles: "en",
  spanish: "es",
  espanol: "es",
  espagnol: "es",
  castellano: "es",
  french: "fr",
  francais: "fr",
  frances: "fr",
};

/**
 * A language cell or vCard LANG read as one of ours: "fr", "fr-CA", "Français", "Spanish".
 * Anything else gives undefined and the owner's language applies, rather than failing the row
 * (Google's "Language" column holds free text).
 */
export function languageOf(text: string | undefined): Locale | undefined {
  if (!text) return undefined;
  const value = text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
  const base = value.split(/[-_]/)[0];
  if (isLocale(base)) return base;
  return NAMES[value];
}
