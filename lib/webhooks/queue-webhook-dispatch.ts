import "server-only";
import { sql } from "drizzle-orm";
import { pool } from "@/lib/db";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { runOn, type WebhookClient } from "./run-on";

/** graphile-worker task that sends due webhook messages (jobs/tasks/dispatch-webhooks.ts). */
export const WEBHOOK_DISPATCH_TASK = "webhook_dispatch";
const JOB_KEY = "webhook-dispatch";

/**
 * Asks for a dispatch run now, in the caller's transaction. While one waits to start, it will
 * see these messages too: nothing is added (so bursts of events do not all write the job row).
 * While one runs, graphile-worker queues a second one, which picks up what the first missed.
 * The minute's sweep (crontab) is the safety net. No queue yet (no engine ever started on
 * this database): nothing is queued.
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
