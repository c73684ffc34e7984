import "server-only";
import type pg from "pg";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { CONFIRMATION_FOLLOW_UP_TASK } from "./constants";

/**
 * Queues, for each delivery just sent with a confirmation ask whose reminder has a follow-up
 * time, one graphile-worker job at sent_at + follow_up_minutes (job_key
 * `confirmation-follow-up:<delivery>`, so a second call changes nothing). The job e-mails the
 * user only if the delivery still awaits its answer then. Before the worker has created its
 * schema nothing is queued (as for failure alerts).
 */
export async function scheduleConfirmationFollowUps(
  client: Pick<pg.PoolClient, "query">,
  deliveryIds: number[],
): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  if (!(await jobQueueReady(client))) return 0;
  const res = await client.query(
    `select graphile_worker.add_job(
              $2, json_build_object('deliveryId', d.id),
              run_at := d.sent_at + make_interval(mins => r.follow_up_minutes),
              max_attempts := 10,
              job_key := 'confirmation-follow-up:' || d.id,
              job_key_mode := 'preserve_run_at')
       from deliveries d join reminders r on r.id = d.reminder_id
      where d.id = any($1::bigint[]) and d.confirmation = 'awaiting' and r.follow_up_minutes is not null`,
    [deliveryIds, CONFIRMATION_FOLLOW_UP_TASK],
  );
  return res.rowCount ?? 0;
}
