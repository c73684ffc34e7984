import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { ContactChannelStatus } from "@/components/contacts/contact-channel-status";
import { ContactFormOptOuts } from "@/components/contacts/contact-opt-outs";
import type { ContactView } from "@/lib/contacts/contact-view";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr } as const;

const contact = (optOuts: Partial<ContactView> = {}): ContactView =>
  ({
    id: "c1",
    name: "Abuelo",
    email: null,
    phone: "+34612345678",
    emailOptOut: false,
    smsOptOut: false,
    whatsappOptOut: false,
    callOptOut: false,
    whatsappConsentAt: null,
    whatsappConsentSource: null,
    ...optOuts,
  }) as ContactView;

function render(locale: keyof typeof CATALOGUES, node: React.ReactNode): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
      {node}
    </NextIntlClientProvider>,
  );
}

/** The visible text of the element with this data-testid (tags removed). */
function textOf(html: string, testId: string): string | null {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return null;
  const open = html.lastIndexOf("<", start);
  const tag = html.slice(open + 1).match(/^\w+/)![0];
  const end = html.indexOf(`</${tag}>`, start);
  return html
    .slice(html.indexOf(">", start) + 1, end)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("a contact's call opt-out on the card and in the form", () => {
  it.each([
    ["en", "Opted out of phone calls"],
    ["es", "Baja de llamadas telefónicas"],
    ["fr", "Désabonné : appels téléphoniques"],
  ] as const)("the card says %s: %s", (locale, text) => {
    const html = render(locale, <ContactChannelStatus contact={contact({ callOptOut: true })} />);
    expect(textOf(html, "contact-opt-outs")).toBe(text);
  });

  it("the card lists it after the other channels' opt-outs", () => {
    const html = render(
      "en",
      <ContactChannelStatus contact={contact({ smsOptOut: true, callOptOut: true })} />,
    );
    expect(textOf(html, "contact-opt-outs")).toBe("Opted out of SMS Opted out of phone calls");
  });

  it("the form shows the opt-outs, read only, with who sets them", () => {
    const html = render("en", <ContactFormOptOuts contact={contact({ callOptOut: true })} />);
    expect(textOf(html, "contact-form-opt-outs")).toBe(
      "Opt-outs Opted out of phone calls Set by the contact: a STOP reply, an email&#x27;s unsubscribe link, or 9 pressed during one of your calls. Nothing is sent to them on these channels.",
    );
    expect(html).toContain('role="group"');
    expect(html).not.toMatch(/<(input|button|select)\b/);
  });

  it("nothing when the contact opted out of nothing, or is new", () => {
    expect(textOf(render("en", <ContactChannelStatus contact={contact()} />), "contact-opt-outs")).toBeNull();
    expect(render("en", <ContactFormOptOuts contact={contact()} />)).toBe("");
    expect(render("en", <ContactFormOptOuts />)).toBe("");
  });
});
