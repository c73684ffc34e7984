import { describe, expect, it } from "vitest";
import { smsSegmentInfo } from "@/lib/channels/sms-segments";
import { whatsappMediaTemplateVariables } from "@/lib/channels/whatsapp-template";
import { playbackToken } from "@/lib/media/playback-token";
import { preferencesToken } from "@/lib/consent/preferences-token";
import { renderMessage, type MessageParts } from "@/lib/messages/render-message";

const APP = (process.env.APP_URL ?? "http://localhost:3000").replace(/\/$/, "");

const parts = (overrides: Partial<MessageParts> = {}): MessageParts => ({
  deliveryId: 4242,
  channel: "sms",
  to: "+34600000001",
  contactName: "Ana López",
  message: "Happy birthday!",
  senderName: "Marta Ruiz",
  locale: "en",
  unsubscribeToken: "u",
  media: { kind: "video", hasPoster: true, whatsappVideo: true },
  ...overrides,
});

describe("a voice or video reminder's message", () => {
  const token = playbackToken(4242);
  const page = `${APP}/play/${token}`;
  const preferences = `Preferences: ${APP}/prefs/${preferencesToken(4242)}`;

  it("SMS: the link on its own line before the STOP line, counted in the segments", () => {
    const video = renderMessage(parts());
    expect(video.text).toBe(
      `Remindful, from Marta Ruiz: Happy birthday!\nWatch: ${page}\nReply STOP to opt out.`,
    );
    const voice = renderMessage(
      parts({ media: { kind: "voice", hasPoster: false, whatsappVideo: false }, locale: "es" }),
    );
    expect(voice.text.split("\n")[1]).toBe(`Escuchar: ${page}`);
    // The link is GSM-7: a French accent elsewhere decides the encoding, never the link.
    expect(smsSegmentInfo(video.text).encoding).toBe("GSM-7");
    const long = renderMessage(parts({ message: "x".repeat(120) }));
    expect(smsSegmentInfo(long.text).segments).toBe(2);
  });

  it("SMS without media carries no link", () => {
    expect(renderMessage(parts({ media: undefined })).text).not.toContain("/play/");
  });

  it("e-mail: the poster and a Play button to the page, the link in the text part, no attachment", () => {
    const mail = renderMessage(parts({ channel: "email", to: "ana@example.org" }));
    expect(mail.html).toContain(`<a href="${page}"><img src="${APP}/api/play/${token}/poster"`);
    expect(mail.html).toContain(`&#9654; Play the video</a>`);
    expect(mail.text).toContain(`Happy birthday!\n\nWatch: ${page}\n\n`);
    const voice = renderMessage(
      parts({
        channel: "email",
        to: "ana@example.org",
        media: { kind: "voice", hasPoster: false, whatsappVideo: false },
      }),
    );
    expect(voice.html).not.toContain("<img");
    expect(voice.html).toContain("Play the voice message");
  });

  it("WhatsApp: the text template's message carries the link; a video that fits gets media template variables", () => {
    const message = renderMessage(parts({ channel: "whatsapp" }));
    expect(message.templateVariables).toEqual({
      "1": "Marta Ruiz",
      "2": `Happy birthday! Watch: ${page} ${preferences}`,
    });
    expect(message.mediaTemplateVariables).toEqual({
      "1": "Marta Ruiz",
      "2": `Happy birthday! ${preferences}`,
      "3": `${token}/video.mp4`,
    });
    expect(message.text).toContain(page);
    const tooLarge = renderMessage(
      parts({ channel: "whatsapp", media: { kind: "video", hasPoster: true, whatsappVideo: false } }),
    );
    expect(tooLarge.mediaTemplateVariables).toBeUndefined();
  });

  it("media template variables follow the text template's rules", () => {
    expect(whatsappMediaTemplateVariables("Ana", "Hi\nthere   friend", "t/video.mp4")).toEqual({
      "1": "Ana",
      "2": "Hi there friend",
      "3": "t/video.mp4",
    });
    expect(whatsappMediaTemplateVariables(" ", "Hi", "t/video.mp4")).toBeNull();
    expect(whatsappMediaTemplateVariables("Ana", "x".repeat(1000), "t/video.mp4")).toBeNull();
  });
});
