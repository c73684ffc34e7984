/**
 * Machine-readable reasons stored in `deliveries.error_code` when the app itself decides an
 * occurrence fails (or waits). Stable snake_case strings: screens translate them, so a
 * code is never renamed. Provider codes (Twilio's numeric ErrorCode, SMTP reply codes) are
 * stored as the provider sent them; `isProviderCode` tells the two apart.
 */
export const FAILURE_REASONS = [
  /** The reminder was cancelled before its occurrence was sent. */
  "cancelled",
  /** The contact has no e-mail address / phone number for the channel. */
  "no_address",
  /** The contact opted out of the channel (STOP, unsubscribe, or Twilio's error 21610). */
  "opted_out",
  /** WhatsApp: no recorded opt-in from the recipient. */
  "no_consent",
  /** Production without credentials (or sender, or WhatsApp template) for the channel. */
  "channel_not_configured",
  /** A WhatsApp template variable would be empty or too long for Twilio. */
  "template_variable_invalid",
  /** The plan's quota or the pay-as-you-go credit is used up. */
  "quota",
  /** Twilio could not be reached (connection refused, reset, timed out). */
  "network",
  /** The mail server refused the recipient without an SMTP reply code. */
  "rejected",
  /** Still told to slow down (429, queue full) SLOW_DOWN_GIVE_UP_MS after it was taken on. */
  "rate_limited",
] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Twilio error codes the app acts on (docs/delivery.md cites each). */
export const TWILIO_ERRORS = {
  /** Attempt to send to unsubscribed recipient: the contact is opted out of that channel. */
  unsubscribedRecipient: "21610",
  /** WhatsApp free-form message outside the 24-hour customer-service window. */
  outsideWhatsAppWindow: "63016",
} as const;

export function isFailureReason(code: string | null | undefined): code is FailureReason {
  return (FAILURE_REASONS as readonly string[]).includes(code ?? "");
}

/** A provider's own code (Twilio ErrorCode such as 30003, SMTP reply such as 550). */
export function isProviderCode(code: string | null | undefined): boolean {
  return /^\d{3,5}$/.test(code ?? "");
}

/** Provider answers meaning "not processed, slow down": the message certainly did not leave. */
export const SLOW_DOWN_CODES = new Set(["429", "20429", "21611", "30001"]);
