import "server-only";
import type pg from "pg";
import { pool } from "@/lib/db";
import { logger } from "@/lib/logger";

/**
 * The engine's hot path speaks SQL to a pooled client directly: bulk statements over
 * unnest()ed arrays, one round trip per step, in explicit transactions.
 */
export async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client whose connection drops between two statements (a database
  // restart) emits "error"; unheard, that would crash the worker process.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
    logger.warn("db.client_error", { error });
  };
  client.on("error", onError);
  try {
    await client.query("begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    broken ??= error instanceof Error && !("severity" in error) ? error : undefined;
    throw error;
  } finally {
    client.off("error", onError);
    // A broken connection is destroyed, not handed to the next caller.
    client.release(broken);
  }
}
