import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db";
import { logger } from "@/lib/logger";
import { CommitOutcomeUnknownError } from "./commit-outcome-unknown";
import { isDatabaseUnreachable } from "./database-unreachable";

export interface TransactionOptions {
  /**
   * Only for a function that does nothing but database work on its client: when no connection
   * can be had, or it drops before COMMIT is sent (the transaction certainly rolled back: a
   * restart, a failover), run the function again on a new connection, for up to this long.
   */
  retryForMs?: number;
  /** Stops the retries early (a shutdown). */
  giveUp?: () => boolean;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 2_000;

/**
 * The engine's hot path speaks SQL to a pooled client directly: bulk statements over
 * unnest()ed arrays, one round trip per step, in explicit transactions. A connection that drops
 * during COMMIT fails with CommitOutcomeUnknownError, retried or not.
 */
export async function withTransaction<T>(
  fn: (client: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.retryForMs ?? 0);
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
    try {
      return await once(fn);
    } catch (error) {
      const retry =
        !(error instanceof CommitOutcomeUnknownError) &&
        isDatabaseUnreachable(error) &&
        Date.now() + delay < deadline &&
        !options.giveUp?.();
      if (!retry) throw error;
      logger.warn("db.transaction_retry", {
        error: error instanceof Error ? error : String(error),
        retryInMs: delay,
      });
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function once<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client whose connection drops between two statements (a database
  // restart) emits "error"; unheard, that would crash the worker process.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
    logger.warn("db.client_error", { error });
  };
  client.on("error", onError);
  let committing = false;
  try {
    await client.query("begin");
    const result = await fn(client);
    committing = true;
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    broken ??= error instanceof Error && !("severity" in error) ? error : undefined;
    if (committing && isDatabaseUnreachable(error)) throw new CommitOutcomeUnknownError(error);
    throw error;
  } finally {
    client.off("error", onError);
    // A broken connection is destroyed, not handed to the next caller.
    client.release(broken);
  }
}
