import { env } from "@/lib/env";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The dev outbox (page and storage) exists in development and tests only. A production build
 * keeps it only with DEV_OUTBOX=1 *and* an APP_URL on this machine (the e2e suite), so a
 * public deployment can never pretend to send. Read at call time, like the channel settings.
 */
export function outboxEnabled(): boolean {
  if ((process.env.NODE_ENV ?? env.NODE_ENV) !== "production") return true;
  const flag = process.env.DEV_OUTBOX ?? (env.DEV_OUTBOX ? "1" : "");
  if (flag !== "1" && flag !== "true") return false;
  return LOOPBACK.has(new URL(process.env.APP_URL || env.APP_URL).hostname);
}
