import { describe, expect, it } from "vitest";
import { renderMessage } from "@/lib/messages/render-message";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import { previewMessage, type PreviewInput } from "@/lib/messages/preview-message";
import { renderFields } from "@/lib/messages/render-fields";
import { preferencesLine, smsWithPreferences } from "../../support/preferences-line";

const base: PreviewInput = {
  channel: "email",
  message: "Happy birthday, {first_name}! See you on {date}. {sender}",
  contactName: "Ana María López",
  senderName: "Sam Lee",
  locale: "en",
  occurrenceDate: { year: 2026, month: 3, day: 3 },
  texts: deliveryTexts(),
};

/** What the engine sends for the same occurrence, its fields filled as the engine fills them. */
function sent(input: PreviewInput) {
  return renderMessage({
    deliveryId: 1,
    channel: input.channel,
    to: "x",
    contactName: input.contactName,
    message: renderFields(input.message, input),
    senderName: input.senderName,
    locale: input.locale,
    unsubscribeToken: "t",
    askConfirmation: input.askConfirmation,
  });
}

describe("previewMessage", () => {
  it("shows the e-mail's sender, subject, greeting, filled body and signature", () => {
    const preview = previewMessage(base);
    expect(preview).toMatchObject({
      channel: "email",
      fromName: "Sam Lee via Remindful",
      subject: "A reminder from Sam Lee",
      greeting: "Hello Ana María López,",
      body: "Happy birthday, Ana! See you on March 3. Sam Lee",
      signature: "Sent by Sam Lee via Remindful.",
    });
    const email = sent(base);
    expect(email.subject).toBe(preview.channel === "email" && preview.subject);
    expect(
      email.text.startsWith(
        "Hello Ana María López,\n\nHappy birthday, Ana! See you on March 3. Sam Lee\n\nSent by Sam Lee via Remindful.",
      ),
    ).toBe(true);
  });

  it("shows the SMS with its prefix and STOP line in the contact's language, its segments and encoding", () => {
    const input = {
      ...base,
      channel: "sms" as const,
      locale: "fr" as const,
      message: "Bon anniversaire {first_name} ! {date}",
    };
    const preview = previewMessage(input);
    expect(preview).toMatchObject({
      channel: "sms",
      text: "Remindful, envoyé par Sam Lee : Bon anniversaire Ana ! 3 mars\nRépondez STOP pour vous désabonner.",
      sms: { encoding: "GSM-7", segments: 1 },
    });
    expect(preview.channel === "sms" && preview.text).toBe(sent(input).text);
    const withEmoji = previewMessage({ ...input, message: `${"a".repeat(40)} 🎂` });
    expect(withEmoji.sms).toMatchObject({ encoding: "UCS-2", segments: 2 });
  });

  it("shows the SMS's reply line, in the contact's language, when the reminder asks for a confirmation", () => {
    const input = {
      ...base,
      channel: "sms" as const,
      locale: "es" as const,
      message: "Cita mañana",
      askConfirmation: true,
    };
    const preview = previewMessage(input);
    expect(preview.channel === "sms" && preview.text).toBe(sent(input).text);
    expect(preview.channel === "sms" && preview.text.split("\n")).toEqual([
      "Remindful, de parte de Sam Lee: Cita mañana",
      "Responde SÍ para confirmar, NO para cancelar, MÁS TARDE para dentro de 1 hora.",
      "Responde STOP para darte de baja.",
    ]);
  });

  it("shows the WhatsApp template's language and its two variables", () => {
    const input = {
      ...base,
      channel: "whatsapp" as const,
      locale: "es" as const,
      message: "¡Feliz cumpleaños, {first_name}!",
    };
    const preview = previewMessage(input);
    expect(preview).toMatchObject({
      channel: "whatsapp",
      templateLocale: "es",
      template: { ok: true, variables: { "1": "Sam Lee", "2": "¡Feliz cumpleaños, Ana!" } },
    });
    expect(sent(input)).toMatchObject({
      templateVariables: { "1": "Sam Lee", "2": `¡Feliz cumpleaños, Ana! ${preferencesLine("es")}` },
    });
  });

  it("falls back to the default message when the message is blank, as the engine does", () => {
    for (const channel of ["email", "sms", "whatsapp"] as const) {
      const input = { ...base, channel, message: "  " };
      const preview = previewMessage(input);
      const engine = sent(input);
      if (preview.channel === "email") expect(engine.text).toContain(`\n\n${preview.body}\n\n`);
      // Short enough for the preferences line to ride at no cost: the engine adds it.
      else if (preview.channel === "sms") expect(engine.text).toBe(smsWithPreferences(preview.text, "en"));
      else expect(engine.text).toBe(`${preview.text} ${preferencesLine("en")}`);
      expect(JSON.stringify(preview)).toContain("Sam Lee sent you a reminder.");
    }
  });
});
