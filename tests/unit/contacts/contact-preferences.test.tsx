import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { ContactPreferencesLine } from "@/components/contacts/contact-preferences-line";
import { preferencesSummary, type ContactPreferencesView } from "@/lib/contacts/contact-preferences";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr } as const;
const NONE: ContactPreferencesView = {
  acceptedChannels: null,
  window: null,
  pausedUntil: null,
  stopped: false,
};
const prefs = (values: Partial<ContactPreferencesView>) => ({ ...NONE, ...values });
const TODAY = "2026-02-10";

describe("preferencesSummary: the parts of the contact card's line", () => {
  it("nothing chosen (or no preferences read): no part, so no line", () => {
    expect(preferencesSummary(NONE, TODAY)).toEqual([]);
    expect(preferencesSummary(undefined, TODAY)).toEqual([]);
  });

  it("channels in the contact's order, their hours, then a pause still to end", () => {
    expect(
      preferencesSummary(
        prefs({
          acceptedChannels: ["whatsapp", "sms"],
          window: { start: "09:00", end: "18:30" },
          pausedUntil: "2026-03-03",
        }),
        TODAY,
      ),
    ).toEqual([
      { kind: "channels", channels: ["whatsapp", "sms"] },
      { kind: "between", start: "09:00", end: "18:30" },
      { kind: "paused", until: "2026-03-03" },
    ]);
  });

  it("a window open to midnight says only when it starts, one from midnight only when it ends", () => {
    expect(preferencesSummary(prefs({ window: { start: "09:00", end: "24:00" } }), TODAY)).toEqual([
      { kind: "notBefore", start: "09:00" },
    ]);
    expect(preferencesSummary(prefs({ window: { start: "00:00", end: "21:00" } }), TODAY)).toEqual([
      { kind: "notAfter", end: "21:00" },
    ]);
    expect(preferencesSummary(prefs({ window: { start: "00:00", end: "24:00" } }), TODAY)).toEqual([]);
  });

  it("a pause that is over says nothing; a stop says everything alone", () => {
    expect(preferencesSummary(prefs({ pausedUntil: TODAY }), TODAY)).toEqual([]);
    expect(
      preferencesSummary(
        prefs({ stopped: true, acceptedChannels: ["email"], pausedUntil: "2026-05-01" }),
        TODAY,
      ),
    ).toEqual([{ kind: "stopped" }]);
  });
});

/** The line as a sighted reader sees it (the screen-reader label and hint left out). */
function visibleLine(locale: keyof typeof CATALOGUES, preferences?: ContactPreferencesView): string | null {
  const html = renderToString(
    <NextIntlClientProvider
      locale={locale}
      messages={CATALOGUES[locale]}
      timeZone="Europe/Madrid"
      now={new Date(`${TODAY}T12:00:00Z`)}
      onError={(error) => {
        throw error;
      }}
    >
      <ul>
        <ContactPreferencesLine preferences={preferences} />
      </ul>
    </NextIntlClientProvider>,
  );
  if (!html.includes('data-testid="contact-preferences"')) return null;
  return html
    .replace(/<span class="sr-only">.*?<\/span>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .trim();
}

describe("the contact card's preferences line, in every language", () => {
  const full = prefs({
    acceptedChannels: ["whatsapp", "sms"],
    window: { start: "09:00", end: "24:00" },
    pausedUntil: "2026-03-03",
  });

  it.each([
    ["en", "Prefers WhatsApp, then SMS · not before 9:00 AM (their time) · paused until March 3"],
    ["es", "Prefiere WhatsApp y después SMS · no antes de las 9:00 (su hora) · en pausa hasta el 3 de marzo"],
    ["fr", "Préfère WhatsApp, puis SMS · pas avant 9:00 (heure du contact) · en pause jusqu’au 3 mars"],
  ] as const)("%s: %s", (locale, text) => {
    expect(visibleLine(locale, full)).toBe(text);
  });

  it.each([
    ["en", "Asked to receive nothing"],
    ["es", "Pidió no recibir nada"],
    ["fr", "A demandé à ne rien recevoir"],
  ] as const)("%s, stopped: %s", (locale, text) => {
    expect(visibleLine(locale, prefs({ stopped: true, acceptedChannels: ["email"] }))).toBe(text);
  });

  it("one channel, hours with an end, a pause in another year; the first word capitalised", () => {
    expect(
      visibleLine(
        "en",
        prefs({
          acceptedChannels: ["call"],
          window: { start: "08:30", end: "20:00" },
          pausedUntil: "2027-01-05",
        }),
      ),
    ).toBe("Only by phone calls · between 8:30 AM and 8:00 PM (their time) · paused until January 5, 2027");
    expect(visibleLine("fr", prefs({ window: { start: "00:00", end: "21:00" } }))).toBe(
      "Pas après 21:00 (heure du contact)",
    );
  });

  it("no line when nothing is chosen", () => {
    expect(visibleLine("en", NONE)).toBeNull();
    expect(visibleLine("en", undefined)).toBeNull();
  });
});
