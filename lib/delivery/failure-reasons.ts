/**
 * Codes the engine itself writes to `deliveries.error_code` (providers' own codes, e.g. Twilio's
 * 21211, are kept as they come).
 */
export const FAILURE_REASONS = {
  /** Still told to slow down (429, queue full) SLOW_DOWN_GIVE_UP_MS after it was taken on. */
  rateLimited: "rate_limited",
} as const;

/** Provider answers meaning "not processed, slow down": the message certainly did not leave. */
export const SLOW_DOWN_CODES = new Set(["429", "20429", "21611", "30001"]);
