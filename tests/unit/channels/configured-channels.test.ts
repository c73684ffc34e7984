import { afterEach, describe, expect, it, vi } from "vitest";
import { configuredChannels } from "@/lib/channels/configured-channels";
import { setTwilioConfig } from "@/lib/channels/twilio-config";
import { setSmtpUrl } from "@/lib/mail/send-mail";
import { setOutboxSettings } from "@/lib/outbox/outbox-enabled";

const TWILIO = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_SMS_FROM",
  "TWILIO_VOICE_FROM",
  "TWILIO_WHATSAPP_FROM",
  "TWILIO_WHATSAPP_TEMPLATE_EN",
  "TWILIO_WHATSAPP_TEMPLATE_ES",
  "TWILIO_WHATSAPP_TEMPLATE_FR",
] as const;

/** This process as a deployment with only `settings` among the channel settings. */
function deployment(
  nodeEnv: "development" | "production",
  settings: Partial<Record<(typeof TWILIO)[number], string>>,
) {
  for (const name of TWILIO) vi.stubEnv(name, settings[name] ?? "");
  setTwilioConfig(undefined);
  setSmtpUrl(undefined);
  setOutboxSettings({ nodeEnv, devOutbox: false, appUrl: "https://remindful.example" });
}

afterEach(() => {
  vi.unstubAllEnvs();
  setTwilioConfig(undefined);
  setSmtpUrl(undefined);
  setOutboxSettings(undefined);
});

const SID = `AC${"1".repeat(32)}`;
const template = (digit: string) => `HX${digit.repeat(32)}`;

describe("which channels the reminder dialog may offer", () => {
  it("in development the dev outbox sends every channel, in every language", () => {
    deployment("development", {});
    expect(configuredChannels()).toEqual({
      email: ["en", "es", "fr"],
      sms: ["en", "es", "fr"],
      whatsapp: ["en", "es", "fr"],
      call: ["en", "es", "fr"],
    });
  });

  it("in production without settings nothing is offered", () => {
    deployment("production", {});
    expect(configuredChannels()).toEqual({ email: [], sms: [], whatsapp: [], call: [] });
  });

  it("in production: SMS and calls from the SMS number, WhatsApp only in its approved languages", () => {
    deployment("production", {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_SMS_FROM: "+15005550006",
      TWILIO_WHATSAPP_FROM: "+14155238886",
      TWILIO_WHATSAPP_TEMPLATE_ES: template("a"),
    });
    setSmtpUrl("smtp://127.0.0.1:2525");
    const channels = configuredChannels();
    expect(channels).toEqual({
      email: ["en", "es", "fr"],
      sms: ["en", "es", "fr"],
      // No English message to fall back on: only Spanish recipients get WhatsApp.
      whatsapp: ["es"],
      call: ["en", "es", "fr"],
    });
    // What the browser receives names no setting.
    expect(JSON.stringify(channels)).not.toMatch(/TWILIO|SMTP|HX/);
  });

  it("the English WhatsApp message serves every language without its own", () => {
    deployment("production", {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_WHATSAPP_FROM: "+14155238886",
      TWILIO_WHATSAPP_TEMPLATE_EN: template("b"),
    });
    expect(configuredChannels()).toMatchObject({ sms: [], call: [], whatsapp: ["en", "es", "fr"] });
  });
});
