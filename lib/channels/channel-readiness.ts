import "server-only";
import type { DeliveryMethod } from "@/db/schema/enums";
import { smtpConfigured } from "@/lib/mail/send-mail";
import { toLocale } from "@/i18n/locales";
import { outboxEnabled } from "@/lib/outbox/outbox-enabled";
import { callerId, twilioConfig, type TwilioConfig } from "./twilio-config";

export type ChannelReadiness =
  | { ready: true; via: "provider" | "outbox" }
  /** `missing` names the settings to add, for the reason shown to the user and /api/health. */
  | { ready: false; missing: string };

/** The approved WhatsApp template for a language, else the English one. */
export function whatsappTemplateSid(
  config: TwilioConfig,
  locale: string | null | undefined,
): string | undefined {
  const chosen = toLocale(locale);
  return config.whatsappTemplates[chosen] ?? config.whatsappTemplates.en;
}

/** The quick-reply template of the message's language, when one is configured (no English fallback). */
export function whatsappConfirmTemplateSid(
  config: TwilioConfig,
  locale: string | null | undefined,
): string | undefined {
  return config.whatsappConfirmTemplates?.[toLocale(locale)];
}

/**
 * The media-header template in the language the text template goes in (the message's, else
 * English), so a video never arrives in another language than its text would have.
 */
export function whatsappMediaTemplateSid(
  config: TwilioConfig,
  locale: string | null | undefined,
): string | undefined {
  const chosen = toLocale(locale);
  const language = config.whatsappTemplates[chosen] ? chosen : "en";
  return config.whatsappMediaTemplates?.[language];
}

/**
 * Whether a channel can send now: through its provider, through the dev outbox (development
 * only), or not at all (production without its settings: the send fails, nothing pretends).
 */
export function channelReadiness(channel: DeliveryMethod, locale?: string | null): ChannelReadiness {
  if (channel === "email") {
    if (smtpConfigured()) return { ready: true, via: "provider" };
    return outboxEnabled() ? { ready: true, via: "outbox" } : { ready: false, missing: "SMTP_URL" };
  }
  const config = twilioConfig();
  if (!config || config.outbox) {
    return outboxEnabled()
      ? { ready: true, via: "outbox" }
      : { ready: false, missing: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN" };
  }
  if (channel === "sms") {
    return config.smsFrom ? { ready: true, via: "provider" } : { ready: false, missing: "TWILIO_SMS_FROM" };
  }
  if (channel === "call") {
    return callerId(config)
      ? { ready: true, via: "provider" }
      : { ready: false, missing: "TWILIO_VOICE_FROM" };
  }
  if (!config.whatsappFrom) return { ready: false, missing: "TWILIO_WHATSAPP_FROM" };
  if (!whatsappTemplateSid(config, locale)) return { ready: false, missing: "TWILIO_WHATSAPP_TEMPLATE_EN" };
  return { ready: true, via: "provider" };
}
