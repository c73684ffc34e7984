import { runMigrations } from "graphile-worker";
import { pool } from "@/lib/db";

let ready: Promise<void> | undefined;

/**
 * graphile-worker's schema in this file's database, as every process's engine creates it on start,
 * so that jobs queued in SQL (graphile_worker.add_job) land, without running a worker.
 */
export function ensureJobQueue() {
  ready ??= runMigrations({ pgPool: pool });
  return ready;
}
