import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { QuickAddReport } from "@/components/quick-add/quick-add-report";
import { parseQuickAdd, type QuickAddLocale } from "@/lib/quick-add";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr };
const NOW = new Date("2026-03-10T09:00:00Z");
const ZONE = "Europe/Madrid";
const CONTACTS = [{ id: "paul", name: "Paul Martin" }];

function report(locale: QuickAddLocale, text: string) {
  const draft = parseQuickAdd(text, { locale, timeZone: ZONE, now: NOW, contacts: CONTACTS });
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone={ZONE}>
      <QuickAddReport
        text={text}
        draft={draft}
        recurringAllowed
        timeZone={ZONE}
        contactId="paul"
        onChooseContact={() => undefined}
      />
    </NextIntlClientProvider>,
  );
  const unknown = /data-testid="quick-add-unknown">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  return {
    draft,
    items: [...unknown.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1].replace(/<[^>]+>/g, "")),
  };
}

describe("the quick-add report's lines follow each language's punctuation", () => {
  it("French puts a space before the colon of a part left to fill in; English and Spanish none", () => {
    const french = report("fr", "Rappeler Paul bientôt : appeler mamie");
    expect(french.draft.unknown.length).toBeGreaterThan(0);
    expect(french.items).toContain("bientôt : pas un moment précis : choisissez la date et l’heure");
    expect(report("en", "Remind Paul soon: call grandma").items).toContain(
      "soon: not one moment: choose the date and time",
    );
    expect(report("es", "Recordar a Paul pronto: llamar a la abuela").items[0]).toMatch(/^pronto: /);
  });
});
