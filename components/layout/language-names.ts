import { getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/locales";

/** Each language named in itself, so a reader finds their own whatever the page language. */
export async function languageNames(): Promise<Record<Locale, string>> {
  const t = await getTranslations("language.names");
  return { en: t("en"), es: t("es"), fr: t("fr") };
}
