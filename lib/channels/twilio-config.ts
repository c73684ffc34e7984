import "server-only";
import { createHmac } from "node:crypto";
import { DEFAULT_CALLS_PER_SECOND } from "@/config/calls";
import { readTwilioEnv } from "@/lib/env";
import type { Locale } from "@/i18n/locales";
import { outboxEnabled } from "@/lib/outbox/outbox-enabled";
import { authSecret } from "@/lib/security/secret";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  smsFrom?: string;
  whatsappFrom?: string;
  /** Approved WhatsApp Content template SIDs per language. */
  whatsappTemplates: Partial<Record<Locale, string>>;
  /** Approved quick-reply templates (YES / NO / LATER buttons) per language, for confirmation asks. */
  whatsappConfirmTemplates?: Partial<Record<Locale, string>>;
  /** Approved media-header templates (a video) per language, for video reminders. */
  whatsappMediaTemplates?: Partial<Record<Locale, string>>;
  messagingServiceSid?: string;
  smsMps: number;
  whatsappMps: number;
  validityPeriod: number;
  timeoutMs: number;
  apiBase: string;
  /** Caller ID of reminder calls (a voice-capable number of the account); unset: smsFrom. */
  voiceFrom?: string;
  /** Calls created per second on the account; unset: Twilio's default (DEFAULT_CALLS_PER_SECOND). */
  callsPerSecond?: number;
  /** Answering-machine detection on reminder calls; unset: on. */
  machineDetection?: boolean;
  /**
   * The dev outbox's stand-in account (development without TWILIO_*): nothing is ever sent with
   * it (messages go to the outbox, nothing is paced or looked up); replies typed at /dev/outbox
   * are signed with its token and reach the inbound webhook as Twilio's would.
   */
  outbox?: true;
}

const MPS_BY_SENDER_TYPE = { long_code: 1, toll_free: 3, short_code: 100 } as const;

/** The number the stand-in's SMS and WhatsApp messages come from (a fictional +1 555 01xx number). */
export const OUTBOX_SENDER = "+15555550100";

let standIn: TwilioConfig | undefined;

function outboxStandIn(): TwilioConfig {
  standIn ??= {
    accountSid: `AC${"0".repeat(32)}`,
    // Derived from the app's secret: only this server can sign as the stand-in.
    authToken: createHmac("sha256", authSecret()).update("dev-outbox-twilio").digest("hex"),
    smsFrom: OUTBOX_SENDER,
    whatsappFrom: OUTBOX_SENDER,
    whatsappTemplates: {},
    smsMps: MPS_BY_SENDER_TYPE.long_code,
    whatsappMps: MPS_BY_SENDER_TYPE.long_code,
    validityPeriod: 14_400,
    timeoutMs: 10_000,
    apiBase: "",
    outbox: true,
  };
  return standIn;
}

let override: TwilioConfig | undefined;
// TWILIO_* as first read: parsing them costs more than a send's own work once several sends
// a millisecond ask for them (readiness, pacing, the send itself).
let configured: { config: TwilioConfig | null } | undefined;

/**
 * Points this process at another Twilio-compatible API (tests start a loopback peer);
 * undefined goes back to the configured one, read again from the environment.
 */
export function setTwilioConfig(config: TwilioConfig | undefined): void {
  override = config;
  configured = undefined;
}

/**
 * The account to send with: the injected one, else TWILIO_* through lib/env, read on first use
 * (not at import) and kept for the process; unset, the dev outbox's stand-in where the outbox
 * exists (development), else null.
 */
export function twilioConfig(): TwilioConfig | null {
  if (override) return override;
  configured ??= { config: fromEnv() };
  return configured.config ?? (outboxEnabled() ? outboxStandIn() : null);
}

function fromEnv(): TwilioConfig | null {
  const env = readTwilioEnv();
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN) return null;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    smsFrom: env.TWILIO_SMS_FROM,
    whatsappFrom: env.TWILIO_WHATSAPP_FROM,
    whatsappTemplates: {
      en: env.TWILIO_WHATSAPP_TEMPLATE_EN,
      es: env.TWILIO_WHATSAPP_TEMPLATE_ES,
      fr: env.TWILIO_WHATSAPP_TEMPLATE_FR,
    },
    whatsappConfirmTemplates: {
      en: env.TWILIO_WHATSAPP_CONFIRM_TEMPLATE_EN,
      es: env.TWILIO_WHATSAPP_CONFIRM_TEMPLATE_ES,
      fr: env.TWILIO_WHATSAPP_CONFIRM_TEMPLATE_FR,
    },
    whatsappMediaTemplates: {
      en: env.TWILIO_WHATSAPP_MEDIA_TEMPLATE_EN,
      es: env.TWILIO_WHATSAPP_MEDIA_TEMPLATE_ES,
      fr: env.TWILIO_WHATSAPP_MEDIA_TEMPLATE_FR,
    },
    messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
    smsMps: env.TWILIO_SMS_MPS ?? MPS_BY_SENDER_TYPE[env.TWILIO_SMS_SENDER_TYPE],
    whatsappMps: env.TWILIO_WHATSAPP_MPS,
    validityPeriod: env.TWILIO_VALIDITY_PERIOD,
    timeoutMs: env.TWILIO_TIMEOUT_MS,
    apiBase: env.TWILIO_API_BASE.replace(/\/$/, ""),
    voiceFrom: env.TWILIO_VOICE_FROM,
    callsPerSecond: env.TWILIO_CALLS_PER_SECOND,
    machineDetection: env.TWILIO_CALL_MACHINE_DETECTION,
  };
}

/** The caller ID reminder calls show: TWILIO_VOICE_FROM, else the SMS number. */
export function callerId(config: TwilioConfig): string | undefined {
  return config.voiceFrom ?? config.smsFrom;
}

/**
 * The sender a message of `channel` leaves from and its pace, or null when nothing is paced (dev
 * outbox). Calls are paced per account: Twilio's calls-per-second limit is the account's, whatever
 * the caller ID (calls over it wait in Twilio's queue, ringing late).
 */
export function twilioSender(channel: string): { key: string; mps: number } | null {
  if (channel !== "sms" && channel !== "whatsapp" && channel !== "call") return null;
  const config = twilioConfig();
  if (!config || config.outbox) return null;
  if (channel === "call") {
    return { key: `call:${config.accountSid}`, mps: config.callsPerSecond ?? DEFAULT_CALLS_PER_SECOND };
  }
  if (channel === "whatsapp") {
    return config.whatsappFrom ? { key: `whatsapp:${config.whatsappFrom}`, mps: config.whatsappMps } : null;
  }
  const key = config.messagingServiceSid ?? config.smsFrom;
  return key ? { key, mps: config.smsMps } : null;
}

export function twilioAuth(config: TwilioConfig): string {
  return `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
}
