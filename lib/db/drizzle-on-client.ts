import "server-only";
import type pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import * as schema from "@/db/schema";
import type { Database } from "@/lib/db";

/**
 * Drizzle over a pooled client that is already in a transaction (withTransaction, the engine's
 * style), so a domain write that takes a DbOrTx (the activity trail's line) commits with the
 * engine's statements. Only queries go through it: its own `transaction()` is not for use (the
 * client is in one). The type says Pool because Database's does; the queries it sends are the
 * same on a PoolClient.
 */
export function drizzleOnClient(client: pg.PoolClient): Database {
  return drizzle({ client: client as unknown as pg.Pool, schema, casing: "snake_case" });
}
