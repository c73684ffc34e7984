import { env } from "@/lib/env";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  smsFrom?: string;
  whatsappFrom?: string;
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
    apiBase: (process.env.TWILIO_API_BASE || env.TWILIO_API_BASE).replace(/\/$/, ""),
  };
}
