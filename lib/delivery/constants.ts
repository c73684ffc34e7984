/** A claimed delivery belongs to its worker until then; heartbeats extend it while alive. */
export const LEASE_MS = 30_000;
export const HEARTBEAT_MS = 5_000;
/** Attempts in total (first try included) before a transient error becomes final. */
export const MAX_ATTEMPTS = 5;
/** Backoff before attempt n+1: BASE * 2^(n-1), so 5 s, 10 s, 20 s, 40 s. */
export const BACKOFF_BASE_MS = 5_000;
export const BATCH_SIZE = 200;
/** Sends in flight per batch. */
export const SEND_CONCURRENCY = 100;
/** Outcomes of sends are written together at most this long after they happen. */
export const RECORD_EVERY_MS = 20;
/** When nothing is scheduled, the engine re-reads the next due time this often. */
export const IDLE_RECHECK_MS = 30_000;
export const NOTIFY_CHANNEL = "remindful_delivery";
export const DISPATCH_TASK = "delivery_dispatch";
export const PRODUCT_NAME = "Remindful";
/** SMS quiet hours in the recipient's local time: none from 20:00 until 08:00. */
export const QUIET_START_HOUR = 20;
export const QUIET_END_HOUR = 8;
/** graphile-worker task that e-mails a user the failures since their last alert. */
export const FAILURE_ALERT_TASK = "failure_alert";
