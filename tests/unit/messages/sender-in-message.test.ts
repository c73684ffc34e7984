import { describe, expect, it } from "vitest";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import { previewMessage, type PreviewInput } from "@/lib/messages/preview-message";
import { renderMessage } from "@/lib/messages/render-message";
import { preferencesLine, smsWithPreferences } from "../../support/preferences-line";

const base: PreviewInput = {
  channel: "sms",
  message: "Call grandma",
  contactName: "Ana López",
  senderName: "Marta Ruiz",
  locale: "en",
  occurrenceDate: { year: 2026, month: 3, day: 3 },
  texts: deliveryTexts(),
};

const engine = (input: PreviewInput) =>
  renderMessage({
    deliveryId: 1,
    channel: input.channel,
    to: "x",
    contactName: input.contactName,
    message: input.message,
    senderName: input.senderName,
    locale: input.locale,
    unsubscribeToken: "t",
  });

describe("every message says who it is from", () => {
  it("an SMS names its sender within the product-name prefix, in the recipient's language", () => {
    for (const [locale, prefix] of [
      ["en", "Remindful, from Marta Ruiz: Call grandma"],
      ["es", "Remindful, de parte de Marta Ruiz: Call grandma"],
      ["fr", "Remindful, envoyé par Marta Ruiz : Call grandma"],
    ] as const) {
      const preview = previewMessage({ ...base, locale });
      const text = preview.channel === "sms" ? preview.text : "";
      expect(text.split("\n")[0]).toBe(prefix);
      // The engine's text is the preview's, with the preferences line (a short SMS has room for it).
      expect(engine({ ...base, locale }).text).toBe(smsWithPreferences(text, locale));
    }
  });

  it("a WhatsApp message reads as its approved template does, sender first", () => {
    const input = { ...base, channel: "whatsapp" as const, locale: "es" as const };
    const preview = previewMessage(input);
    expect(preview.channel === "whatsapp" && preview.text).toBe(
      "Marta Ruiz te envía un recordatorio con Remindful: Call grandma",
    );
    expect(engine(input).text).toBe(
      preview.channel === "whatsapp" ? `${preview.text} ${preferencesLine("es")}` : "",
    );
  });

  it("without a name of the user's own, the e-mail's subject and From name show no address", () => {
    const input = { ...base, channel: "email" as const, senderName: "marta.ruiz@example.com" };
    const preview = previewMessage(input);
    expect(preview).toMatchObject({
      subject: "A reminder for you",
      fromName: "Remindful",
      // The body still says who sent it, and replies go to that address.
      signature: "Sent by marta.ruiz@example.com via Remindful.",
    });
    const sent = engine(input);
    expect(sent.channel === "email" && [sent.subject, sent.fromName]).toEqual([
      "A reminder for you",
      "Remindful",
    ]);
    expect(previewMessage({ ...input, locale: "fr" })).toMatchObject({ subject: "Un rappel pour vous" });
    // A name is used as before.
    expect(previewMessage({ ...base, channel: "email" })).toMatchObject({
      subject: "A reminder from Marta Ruiz",
      fromName: "Marta Ruiz via Remindful",
    });
  });
});
