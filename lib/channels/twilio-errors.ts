/** Twilio error codes the engine acts on (docs/delivery.md cites each). */
export const TWILIO_ERRORS = {
  /** Attempt to send to unsubscribed recipient: the contact is opted out of that channel. */
  unsubscribedRecipient: "21610",
  /** WhatsApp free-form message outside the 24-hour customer-service window. */
  outsideWhatsAppWindow: "63016",
} as const;

/** Queue full (the account's, or the sender's): Twilio holds hours of work already. */
const QUEUE_FULL_CODES: ReadonlySet<string> = new Set(["21611", "30001"]);

/** Whether a provider code says Twilio's queue is full: wait longer than for a plain 429. */
export function isQueueFull(code: string | undefined): boolean {
  return QUEUE_FULL_CODES.has(code ?? "");
}

/** Provider answers meaning "not processed, slow down": the message certainly did not leave. */
export const SLOW_DOWN_CODES: ReadonlySet<string> = new Set(["429", "20429", ...QUEUE_FULL_CODES]);
