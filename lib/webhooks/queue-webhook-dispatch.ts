import "server-only";
import { sql } from "drizzle-orm";
import { pool } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { runOn, type WebhookClient } from "./run-on";

/** graphile-worker task that sends due webhook messages (jobs/tasks/dispatch-webhooks.ts). */
export const WEBHOOK_DISPATCH_TASK = "webhook_dispatch";
const JOB_KEY = "webhook-dispatch";

/**
 * Asks for a dispatch run now, in the caller's transaction, unless a run is already waiting or
 * running: that one sends these messages too (a running one looks again when it ends, see
 * dispatchWebhooks), and bursts of events then do not all write the job's row. The minute's
 * sweep (crontab) is the safety net. No queue yet (no engine ever started on this database):
 * nothing is queued.
 */
export async function queueWebhookDispatch(client: WebhookClient): Promise<void> {
  // The queue's existence is the catalog's, not the transaction's: any connection can tell.
  if (!(await jobQueueReady(pool))) return;
  await runOn(
    client,
    sql`select graphile_worker.add_job(${WEBHOOK_DISPATCH_TASK}, '{}'::json, job_key := ${JOB_KEY}, max_attempts := 1)
      where not exists (select 1 from graphile_worker._private_jobs where key = ${JOB_KEY})`,
  );
}
