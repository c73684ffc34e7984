import type pg from "pg";
import { pool } from "@/lib/db";

/**
 * The engine's hot path speaks SQL to a pooled client directly: bulk statements over
 * unnest()ed arrays, one round trip per step, in explicit transactions.
 */
export async function withTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
