import "server-only";
import { env } from "@/lib/env";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** What decides whether the dev outbox exists: the deployment's mode, DEV_OUTBOX and APP_URL. */
export interface OutboxSettings {
  nodeEnv: "development" | "test" | "production";
  devOutbox: boolean;
  appUrl: string;
}

let override: OutboxSettings | undefined;

/** Runs this process as another deployment (tests); undefined goes back to lib/env's. */
export function setOutboxSettings(settings: OutboxSettings | undefined): void {
  override = settings;
}

/**
 * The dev outbox (page and storage) exists in development and tests only. A production build
 * keeps it only with DEV_OUTBOX=1 *and* an APP_URL on this machine (the e2e suite), so a
 * public deployment can never pretend to send.
 */
export function outboxEnabled(): boolean {
  const settings = override ?? { nodeEnv: env.NODE_ENV, devOutbox: env.DEV_OUTBOX, appUrl: env.APP_URL };
  if (settings.nodeEnv !== "production") return true;
  if (!settings.devOutbox) return false;
  return LOOPBACK.has(new URL(settings.appUrl).hostname);
}
