/** How long an Idempotency-Key's first answer is replayed; the hourly clean-up deletes older records. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
export const IDEMPOTENCY_WINDOW_MS = IDEMPOTENCY_WINDOW_HOURS * 3_600_000;
