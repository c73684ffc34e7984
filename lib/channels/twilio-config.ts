import { env } from "@/lib/env";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  smsFrom?: string;
  whatsappFrom?: string;
  apiBase: string;
}

let override: TwilioConfig | undefined;

/**
 * Points this process at another Twilio-compatible API (tests start a loopback peer);
 * undefined goes back to the configured one.
 */
export function setTwilioConfig(config: TwilioConfig | undefined): void {
  override = config;
}

/** The account to send with: the injected one, else TWILIO_* through lib/env; null when unset. */
export function twilioConfig(): TwilioConfig | null {
  if (override) return override;
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    smsFrom: env.TWILIO_SMS_FROM,
    whatsappFrom: env.TWILIO_WHATSAPP_FROM,
    apiBase: env.TWILIO_API_BASE.replace(/\/$/, ""),
  };
}
