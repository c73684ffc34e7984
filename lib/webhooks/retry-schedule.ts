/**
 * Waits after each failed attempt: the first attempt goes at once, then 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h and 10 h (eight attempts over about 33 hours). docs/api.md (Webhooks) lists it.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
] as const;

/** Attempts of one message before it is given up (failed). */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** An endpoint whose every attempt has failed for this long is disabled and its owner e-mailed. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 86_400_000;

/** After a rotation the previous secret also signs for this long. */
export const WEBHOOK_ROTATION_GRACE_MS = 86_400_000;

/**
 * When the next attempt goes after `attempts` failed ones (null: none left), with up to 10 %
 * random delay added so that many messages failing together do not come back together.
 */
export function nextAttemptAt(now: Date, attempts: number, random: () => number = Math.random): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return null;
  return new Date(now.getTime() + delay + Math.floor(delay * 0.1 * random()));
}
