import { env } from "@/lib/env";
import { ensureDatabase } from "./connection";

/**
 * The URL for what lives on one server session (LISTEN, session advisory locks, graphile-worker):
 * DATABASE_SESSION_URL, a direct or session-pooled connection when DATABASE_URL goes through a
 * transaction pooler; else the database of ensureDatabase(). The database is ready (migrated) first.
 */
export async function ensureSessionDatabase(): Promise<string> {
  const url = await ensureDatabase();
  return process.env.DATABASE_SESSION_URL || env.DATABASE_SESSION_URL || url;
}
