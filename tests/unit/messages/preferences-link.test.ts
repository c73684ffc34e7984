import { describe, expect, it } from "vitest";
import { smsSegments } from "@/lib/channels/sms-segments";
import { WHATSAPP_VARIABLES_MAX_CHARS } from "@/lib/channels/whatsapp-template";
import { preferencesToken, readPreferencesToken } from "@/lib/consent/preferences-token";
import { deliveryTexts } from "@/lib/messages/delivery-texts";
import { previewMessage } from "@/lib/messages/preview-message";
import { preferencesUrl, renderMessage, type MessageParts } from "@/lib/messages/render-message";
import { readPlaybackToken } from "@/lib/media/playback-token";

const APP = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");
const ID = 5150;
const url = `${APP}/prefs/${preferencesToken(ID)}`;

const parts = (overrides: Partial<MessageParts> = {}): MessageParts => ({
  deliveryId: ID,
  channel: "email",
  to: "ana@example.org",
  contactName: "Ana López",
  message: "Dentist at 5",
  senderName: "Marta Ruiz",
  locale: "en",
  unsubscribeToken: "u",
  ...overrides,
});

describe("the preferences link in each message", () => {
  it("is <APP_URL>/prefs/<token>, the token naming the delivery and worth nothing as a playback link", () => {
    expect(preferencesUrl(ID)).toBe(url);
    const token = url.split("/").pop() ?? "";
    expect(readPreferencesToken(token)).toBe(ID);
    expect(readPlaybackToken(token)).toBeNull();
  });

  it("e-mail: beside the unsubscribe link, in the text and HTML parts, in the contact's language", () => {
    const mail = renderMessage(parts());
    expect(mail.text).toContain(
      `\n\nChoose how you hear from Marta Ruiz: ${url}\nTo stop receiving reminders by email, unsubscribe: ${APP}/api/unsubscribe/u\n`,
    );
    expect(mail.html).toContain(
      `<a href="${url}">Choose how you hear from Marta Ruiz</a> &middot; <a href="${APP}/api/unsubscribe/u">Unsubscribe</a>`,
    );
    const french = renderMessage(parts({ locale: "fr" }));
    expect(french.text).toContain(`Choisissez comment Marta Ruiz vous contacte : ${url}`);
    expect(french.html).toContain(`>Choisissez comment Marta Ruiz vous contacte</a>`);
  });

  it("a lead reminder to a member's own address carries none (the page is the contact's)", () => {
    const owner = renderMessage(parts({ recipient: "owner" }));
    expect(owner.text).not.toContain("/prefs/");
    expect(owner.html).not.toContain("/prefs/");
  });

  it("SMS: a line before the STOP line when the text stays in as many segments, else none", () => {
    const short = renderMessage(parts({ channel: "sms", to: "+34600000001" }));
    expect(short.text).toBe(
      `Remindful, from Marta Ruiz: Dentist at 5\nPreferences: ${url}\nReply STOP to opt out.`,
    );
    expect(smsSegments(short.text)).toBe(1);
    // A message that fills its segment: the line would cost one more, so it stays out.
    const long = renderMessage(parts({ channel: "sms", to: "+34600000001", message: "x".repeat(100) }));
    expect(long.text).not.toContain("/prefs/");
    expect(smsSegments(long.text)).toBe(1);
    // Two segments with room left in the second: the line rides there.
    const two = renderMessage(parts({ channel: "sms", to: "+34600000001", message: "y".repeat(170) }));
    expect(two.text).toContain(`\nPreferences: ${url}\nReply STOP to opt out.`);
    expect(smsSegments(two.text)).toBe(2);
  });

  it("SMS: the preview's segment count is what is sent, with or without the line", () => {
    for (const message of ["Dentist at 5", "x".repeat(100), "y".repeat(170), "Cita mañana 🎂"]) {
      const preview = previewMessage({
        channel: "sms",
        message,
        contactName: "Ana López",
        senderName: "Marta Ruiz",
        locale: "es",
        occurrenceDate: { year: 2026, month: 3, day: 3 },
        texts: deliveryTexts(),
      });
      const sent = renderMessage(parts({ channel: "sms", to: "+34600000001", message, locale: "es" }));
      expect(preview.sms?.segments, message).toBe(smsSegments(sent.text));
    }
  });

  it("WhatsApp: after the message in the template's {{2}} while the variables fit, else left out", () => {
    const whatsapp = renderMessage(parts({ channel: "whatsapp", to: "+34600000001" }));
    expect(whatsapp.templateVariables).toEqual({
      "1": "Marta Ruiz",
      "2": `Dentist at 5 Preferences: ${url}`,
    });
    expect(whatsapp.text).toBe(
      `Marta Ruiz sent you a reminder via Remindful: Dentist at 5 Preferences: ${url}`,
    );
    // A message near the limit still goes, without the link.
    const full = "z".repeat(WHATSAPP_VARIABLES_MAX_CHARS - "Marta Ruiz".length - 10);
    const long = renderMessage(parts({ channel: "whatsapp", to: "+34600000001", message: full }));
    expect(long.templateVariables).toEqual({ "1": "Marta Ruiz", "2": full });
  });

  it("a call offers 8, the link by text message, at the end of its keypad prompt", () => {
    const call = renderMessage(parts({ channel: "call", to: "+34600000001", locale: "fr" }));
    expect(call.call?.lines.prompt).toBe(
      "Appuyez sur 0 pour réécouter le message, ou 9 pour ne plus recevoir d'appels de Marta Ruiz. Appuyez sur 8 pour recevoir un lien et choisir comment Marta Ruiz vous contacte.",
    );
  });
});
