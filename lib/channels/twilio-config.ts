import { env } from "@/lib/env";
import type { Locale } from "@/i18n/locales";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  smsFrom?: string;
  whatsappFrom?: string;
  /** Approved WhatsApp Content template SIDs per language. */
  whatsappTemplates: Partial<Record<Locale, string>>;
  apiBase: string;
}

/** Read at call time (not import time) so a process can be pointed at another provider. */
export function twilioConfig(): TwilioConfig | null {
  const accountSid = process.env.TWILIO_ACCOUNT_SID || env.TWILIO_ACCOUNT_SID;
  const authToken = process.env.TWILIO_AUTH_TOKEN || env.TWILIO_AUTH_TOKEN;
  if (!accountSid || !authToken) return null;
  return {
    accountSid,
    authToken,
    smsFrom: process.env.TWILIO_SMS_FROM || env.TWILIO_SMS_FROM,
    whatsappFrom: process.env.TWILIO_WHATSAPP_FROM || env.TWILIO_WHATSAPP_FROM,
    whatsappTemplates: {
      en: process.env.TWILIO_WHATSAPP_TEMPLATE_EN || env.TWILIO_WHATSAPP_TEMPLATE_EN,
      es: process.env.TWILIO_WHATSAPP_TEMPLATE_ES || env.TWILIO_WHATSAPP_TEMPLATE_ES,
      fr: process.env.TWILIO_WHATSAPP_TEMPLATE_FR || env.TWILIO_WHATSAPP_TEMPLATE_FR,
    },
    apiBase: (process.env.TWILIO_API_BASE || env.TWILIO_API_BASE).replace(/\/$/, ""),
  };
}
