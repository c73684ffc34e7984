import { describe, expect, it } from "vitest";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import { previewMessage, type PreviewInput } from "@/lib/messages/preview-message";
import { renderFields } from "@/lib/messages/render-fields";
import { renderMessage } from "@/lib/messages/render-message";

const base: PreviewInput = {
  channel: "call",
  message: "Feliz cumpleaños, {first_name}",
  contactName: "Abuelo Juan",
  senderName: "Ana Díaz",
  locale: "es",
  occurrenceDate: { year: 2026, month: 3, day: 3 },
  texts: deliveryTexts(),
};

/** What the engine says on the call for the same occurrence. */
function placed(input: PreviewInput) {
  return renderMessage({
    deliveryId: 1,
    channel: "call",
    to: "+34600000001",
    contactName: input.contactName,
    message: renderFields(input.message, input),
    senderName: input.senderName,
    locale: input.locale,
    unsubscribeToken: "t",
    askConfirmation: input.askConfirmation,
    media: input.recording ? { kind: input.recording, hasPoster: false, whatsappVideo: false } : undefined,
  }).call;
}

describe("the dialog's preview of a call", () => {
  it("says who it is from, reads the message and offers the keys, in the contact's language", () => {
    const preview = previewMessage(base);
    expect(preview).toEqual({
      channel: "call",
      greeting: "Un mensaje de Ana Díaz, a través de Remindful.",
      text: "Feliz cumpleaños, Abuelo",
      prompt:
        "Pulse 0 para volver a oír el mensaje o 9 para no recibir más llamadas de Ana Díaz. Pulse 8 para recibir un enlace y elegir cómo quiere recibir los mensajes de Ana Díaz.",
      goodbye: "Adiós.",
    });
    const call = placed(base);
    expect(call?.lines).toEqual({
      greeting: "Un mensaje de Ana Díaz, a través de Remindful.",
      prompt:
        "Pulse 0 para volver a oír el mensaje o 9 para no recibir más llamadas de Ana Díaz. Pulse 8 para recibir un enlace y elegir cómo quiere recibir los mensajes de Ana Díaz.",
      goodbye: "Adiós.",
    });
    expect(call?.text).toBe("Feliz cumpleaños, Abuelo");
  });

  it("asks for 1, 2 or 3 when a confirmation is asked, as the engine does", () => {
    const input = { ...base, locale: "en" as const, askConfirmation: true };
    const preview = previewMessage(input);
    expect(preview).toMatchObject({
      prompt:
        "Press 1 to confirm, 2 to decline, or 3 to be called again in an hour. Press 0 to hear the message again, or 9 to stop calls from Ana Díaz. Press 8 to receive a link to choose how you hear from Ana Díaz.",
    });
    expect(placed(input)?.lines.prompt).toBe(preview.channel === "call" ? preview.prompt : null);
  });

  it("a voice reminder plays its recording in place of the message", () => {
    const input: PreviewInput = { ...base, recording: "voice" };
    const preview = previewMessage(input);
    expect(preview).toMatchObject({ channel: "call", text: null });
    expect(placed(input)?.text).toBeNull();
    // The recording changes only the call: an SMS preview stays the message.
    expect(previewMessage({ ...input, channel: "sms" })).toMatchObject({ channel: "sms" });
    expect(previewMessage({ ...input, channel: "sms" })).not.toHaveProperty(
      "text",
      expect.stringContaining("/play/"),
    );
  });
});
