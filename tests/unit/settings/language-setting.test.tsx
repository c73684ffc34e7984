import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { LanguageSetting } from "@/components/settings/language-setting";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

const CATALOGUES = { en, es, fr };
const NAMES = { en: "English", es: "Español", fr: "Français" };

describe("Settings offers the language", () => {
  it.each(["en", "es", "fr"] as const)(
    "%s: a labelled select of the three languages, the current one chosen, and what it changes",
    (locale) => {
      const html = renderToStaticMarkup(
        <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
          <LanguageSetting locale={locale} names={NAMES} persist={async () => undefined} />
        </NextIntlClientProvider>,
      );
      const settings = CATALOGUES[locale].settings;
      const id = /<label[^>]*for="([^"]+)"[^>]*>([^<]*)<\/label>/.exec(html);
      expect(id?.[2]).toBe(settings.language);
      expect(html).toMatch(new RegExp(`<select id="${id?.[1]}"[^>]*aria-describedby="${id?.[1]}-hint"`));
      expect([...html.matchAll(/<option value="(\w+)"/g)].map((m) => m[1])).toEqual(["en", "es", "fr"]);
      expect(html).toMatch(new RegExp(`<option value="${locale}"[^>]*selected`));
      expect(html).toContain(settings.languageHint.replace(/'/g, "&#x27;"));
    },
  );
});
