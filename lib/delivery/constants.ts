import "server-only";
/** A claimed delivery belongs to its worker until then; heartbeats extend it while alive. */
export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 5_000;
/** Send now's extra message: a second press on one reminder within this long sends nothing more. */
export const EXTRA_SEND_WINDOW_MS = 10_000;
/**
 * Waits after each transient failure (network, timeout, 5xx): 5 s, 30 s, 2 min, 10 min, 30 min,
 * 1 h, 2 h, 4 h, each plus up to 20 % jitter; the attempt after the last wait is the final one
 * (about 7 h 47 min after the first).
 */
export const RETRY_SCHEDULE_MS = [
  5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000,
];
/** Attempts in total (first try included) before a transient error becomes final. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** Share of a wait added at random, so retries of one burst do not return together. */
export const RETRY_JITTER = 0.2;
/** "Slow down" answers (429, queue full) re-schedule after Retry-After, or this when it is absent. */
export const SLOW_DOWN_DEFAULT_MS = 1_000;
/** Without Retry-After the slow-down wait doubles from SLOW_DOWN_DEFAULT_MS up to this. */
export const SLOW_DOWN_MAX_MS = 300_000;
/** A queue-full answer (isQueueFull) means Twilio holds hours of work: wait at least this. */
export const QUEUE_FULL_WAIT_MS = 60_000;
/** A delivery still being told to slow down this long after it was taken on fails (code rate_limited). */
export const SLOW_DOWN_GIVE_UP_MS = 24 * 3_600_000;
/** Paced sends due within this long are held by the worker; later ones are queued in the database. */
export const PACE_HORIZON_MS = 10_000;
export const BATCH_SIZE = 200;
/** Sends in flight per batch. */
export const SEND_CONCURRENCY = 100;
/** When nothing is scheduled, the engine re-reads the next due time this often. */
export const IDLE_RECHECK_MS = 30_000;
export const NOTIFY_CHANNEL = "remindful_delivery";
/** Quiet hours of SMS and calls in the recipient's local time: none from 20:00 until 08:00. */
export const QUIET_START_HOUR = 20;
export const QUIET_END_HOUR = 8;
