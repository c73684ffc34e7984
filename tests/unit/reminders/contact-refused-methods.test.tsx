import { renderToString } from "react-dom/server";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import { methodBlocks, type ContactAddresses } from "@/components/reminders/call-availability";
import { DeliveryMethodField } from "@/components/reminders/delivery-method-field";
import { LOCALES } from "@/i18n/locales";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";

const CATALOGUES = { en, es, fr } as const;
const everywhere = { email: LOCALES, sms: LOCALES, whatsapp: LOCALES, call: LOCALES };
const user = { channels: everywhere, locale: "en" as const, callsPerDay: 10, planType: "business" as const };
const marie: ContactAddresses = {
  email: "marie@example.org",
  phone: "+33612345678",
  locale: "fr",
  whatsappConsent: true,
};

describe("the reminder dialog offers only the channels the contact accepts", () => {
  it("a channel the contact does not accept is refused, whatever else the contact has", () => {
    expect(methodBlocks("text", { ...marie, acceptedChannels: ["whatsapp", "email"] }, user)).toEqual({
      email: null,
      sms: "refused",
      whatsapp: null,
      call: "refused",
    });
    // Their refusal comes before what the contact lacks: adding a phone would not help.
    expect(methodBlocks("text", { ...marie, phone: null, acceptedChannels: ["email"] }, user)).toEqual({
      email: null,
      sms: "refused",
      whatsapp: "refused",
      call: "refused",
    });
    // No choice made: every channel the contact can be reached on.
    expect(methodBlocks("text", { ...marie, acceptedChannels: null }, user)).toEqual({
      email: null,
      sms: null,
      whatsapp: null,
      call: null,
    });
  });

  it("a contact who asked to receive nothing takes no channel", () => {
    expect(methodBlocks("text", { ...marie, stopped: true }, user)).toEqual({
      email: "stopped",
      sms: "stopped",
      whatsapp: "stopped",
      call: "stopped",
    });
  });

  /** The opening tag of the select's option for `method`. */
  const option = (html: string, method: string) =>
    html.match(new RegExp(`<option[^>]*value="${method}"[^>]*>`))?.[0];

  function field(locale: keyof typeof CATALOGUES, contact: ContactAddresses) {
    return renderToString(
      <NextIntlClientProvider locale={locale} messages={CATALOGUES[locale]} timeZone="UTC">
        <DeliveryMethodField
          state={{ deliveryMethod: "email", type: "text", askConfirmation: false, fallback: [] }}
          contact={{ id: "c1", name: "Marie", ...contact }}
          user={user}
          update={() => {}}
        />
      </NextIntlClientProvider>,
    );
  }

  it.each([
    ["en", "Marie asked not to be reached by SMS and calls."],
    ["es", "Marie pidió no recibir mensajes por SMS y llamadas."],
    ["fr", "Marie a demandé à ne rien recevoir par SMS et appels."],
  ] as const)("%s: the refused channels are disabled, with the reason: %s", (locale, reason) => {
    const html = field(locale, { ...marie, acceptedChannels: ["whatsapp", "email"] });
    expect(html).toContain(reason);
    expect(option(html, "sms")).toContain('disabled=""');
    expect(option(html, "call")).toContain('disabled=""');
    expect(option(html, "whatsapp")).not.toContain("disabled");
  });

  it("a stopped contact: every channel disabled, one line says why", () => {
    const html = field("en", { ...marie, stopped: true });
    expect(html).toContain("Marie asked to receive nothing from you.");
    for (const method of ["email", "sms", "whatsapp", "call"])
      expect(option(html, method)).toContain('disabled=""');
  });
});
