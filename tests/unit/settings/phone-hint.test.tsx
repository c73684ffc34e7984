import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import { SettingsForm } from "@/components/settings/settings-form";
import { phoneRegionOf, toE164 } from "@/lib/validations/phone";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));

const CATALOGUES = { en, es, fr };
const initial = {
  firstName: "",
  lastName: "",
  senderName: "",
  phone: "+34 612 34 56 78",
  timezone: "Europe/Madrid",
};

function hint(locale: keyof typeof CATALOGUES, phoneRegion?: string) {
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      <SettingsForm
        email="a@example.com"
        initial={initial}
        featuredZones={["Europe/Madrid"]}
        otherZones={[]}
        phoneRegion={phoneRegion}
      />
    </NextIntlClientProvider>,
  );
  return (/id="[^"]*-phone-hint"[^>]*>([^<]*)</.exec(html)?.[1] ?? "").replace(/&#x27;/g, "'");
}

// The account's phone number is never texted: it tells which country contacts' national numbers
// are from. The hint says that, naming the country, instead of "Used for SMS".
describe("the Settings phone field says what it is for", () => {
  it("names the country contacts' numbers without a country code are read in", () => {
    const region = phoneRegionOf({ phone: "+34612345678", timezone: "Europe/Madrid" });
    expect(region).toBe("ES");
    // What the hint promises: a national number is read as Spanish.
    expect(toE164("612 34 56 78", region)).toBe("+34612345678");
    expect(hint("en", region)).toBe(
      "Your own number; nothing is sent to it. Contacts' numbers written without a country code are read as numbers from Spain.",
    );
    expect(hint("es", region)).toContain("se leen como números de España.");
    expect(hint("fr", region)).toContain("sont lus avec celui de ce pays : Espagne.");
  });

  it("without a country, says how its country code is used", () => {
    for (const locale of ["en", "es", "fr"] as const) {
      expect(hint(locale)).toBe(CATALOGUES[locale].settings.phoneHint);
      expect(hint(locale)).not.toMatch(/SMS/);
    }
  });
});
