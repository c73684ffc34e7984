import "server-only";
import { sql } from "drizzle-orm";
import { pool, type Transaction } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";

/** graphile-worker task that makes deletions whose undo window has passed final (jobs/tasks). */
export const FINISH_CONTACT_DELETIONS = "finish_contact_deletions";

/**
 * Queues, in the deletion's transaction, one run of finishContactDeletions at the end of its
 * undo window (a run finishes every deletion then due). No queue yet (no engine ever started on
 * this database): nothing is queued, and the hourly clean-up finishes it instead.
 */
export async function queueContactDeletionEnd(tx: Transaction, at: Date): Promise<void> {
  if (!(await jobQueueReady(pool))) return;
  await tx.execute(
    sql`select graphile_worker.add_job(${FINISH_CONTACT_DELETIONS}, '{}'::json, run_at := ${at.toISOString()}::timestamptz, max_attempts := 5)`,
  );
}
