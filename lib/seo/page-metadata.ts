import "server-only";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";

const OG_LOCALES = { en: "en_US", es: "es_ES", fr: "fr_FR" } as const;

/** Title, description and Open Graph tags for one page, in the reader's language. */
export async function pageMetadata({
  title,
  description,
  path,
  absoluteTitle = false,
}: {
  title: string;
  description: string;
  path: string;
  absoluteTitle?: boolean;
}): Promise<Metadata> {
  const [locale, t] = await Promise.all([getLocale(), getTranslations("common")]);
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title,
      description,
      url: path,
      siteName: t("appName"),
      type: "website",
      locale: OG_LOCALES[locale],
    },
  };
}

/**
 * A capability link's page (playback, preferences): never in a search index, never sent on as a
 * Referer; `title` in the recipient's language once the link is known to be good.
 */
export function privatePageMetadata(title?: string): Metadata {
  return { robots: { index: false, follow: false }, referrer: "no-referrer", ...(title ? { title } : {}) };
}
