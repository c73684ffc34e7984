import "server-only";
import { DELIVERY_METHODS, type DeliveryMethod } from "@/db/schema/enums";
import { LOCALES, type Locale } from "@/i18n/locales";
import { channelReadiness } from "./channel-readiness";

/**
 * For each channel, the recipient languages this server can send it in; empty: not configured.
 * Safe for the browser: it says what works, never which setting is missing. WhatsApp depends on
 * the language (an approved message per language, English as the fallback); the others do not.
 */
export type ConfiguredChannels = Record<DeliveryMethod, readonly Locale[]>;

/** What the reminder dialog may offer: `channelReadiness` asked per channel and language. */
export function configuredChannels(): ConfiguredChannels {
  const entries = DELIVERY_METHODS.map((method) => [
    method,
    LOCALES.filter((locale) => channelReadiness(method, locale).ready),
  ]);
  return Object.fromEntries(entries) as ConfiguredChannels;
}
