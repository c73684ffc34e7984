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

/**
 * A call that ended without being answered, by its final CallStatus, and the code the delivery
 * keeps for it. These are settled, not ambiguous: Twilio reported how the call ended, so the next
 * call is placed without looking the last one up (and without reserving usage again).
 */
export const UNANSWERED_CALL_CODES = {
  busy: "busy",
  "no-answer": "no_answer",
  failed: "call_failed",
  canceled: "call_failed",
} as const;

export const SETTLED_CALL_CODES: ReadonlySet<string> = new Set(Object.values(UNANSWERED_CALL_CODES));
