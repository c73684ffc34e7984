import "server-only";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { ensureDatabase } from "./connection";
import { unreachableReason } from "./database-unreachable";

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5_000;

/**
 * At a process's start: the database ready (reachable, migrated), waiting while it cannot be
 * reached (started together with the app, restarting) for at most STARTUP_DATABASE_WAIT_SECONDS.
 * Then, or at once for any other failure (a wrong password, a missing database), it throws.
 */
export async function waitForDatabase(waitSeconds = env.STARTUP_DATABASE_WAIT_SECONDS): Promise<string> {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      return await ensureDatabase();
    } catch (error) {
      const reason = unreachableReason(error);
      const left = deadline - Date.now();
      if (!reason) throw error;
      if (left <= 0) {
        throw new Error(
          `The database could not be reached within ${waitSeconds} s (STARTUP_DATABASE_WAIT_SECONDS): ${reason.message}`,
        );
      }
      logger.warn("database.waiting", { error: reason, retryInMs: Math.min(delay, left) });
      await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
    }
  }
}
