import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";

export interface PurgeReport {
  sessions: number;
  verificationTokens: number;
  rateLimitWindows: number;
  workerHeartbeats: number;
  idempotencyRecords: number;
}

/**
 * The clean-up job: rows that can no longer mean anything. Expired sessions and sign-in tokens
 * are refused by Auth.js anyway; rate-limit windows older than a day are past every limit's
 * window; a worker silent for a day is gone (each process start has its own id); an
 * Idempotency-Key's answer is replayed for 24 hours only.
 */
export async function purgeExpiredRows(executor: DbOrTx, now: Date): Promise<PurgeReport> {
  const count = async (statement: ReturnType<typeof sql>) =>
    (await executor.execute(statement)).rowCount ?? 0;
  return {
    sessions: await count(sql`delete from sessions where expires < ${now}`),
    verificationTokens: await count(sql`delete from verification_tokens where expires < ${now}`),
    rateLimitWindows: await count(
      sql`delete from rate_limits where window_start < ${now}::timestamptz - interval '1 day'`,
    ),
    workerHeartbeats: await count(
      sql`delete from worker_heartbeats where last_seen_at < ${now}::timestamptz - interval '1 day'`,
    ),
    idempotencyRecords: await count(
      sql`delete from idempotency_records where created_at < ${now}::timestamptz - interval '24 hours'`,
    ),
  };
}
