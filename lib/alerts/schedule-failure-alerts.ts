import "server-only";
import type pg from "pg";
import { env } from "@/lib/env";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";

/** graphile-worker task that e-mails a user the failures since their last alert. */
export const FAILURE_ALERT_TASK = "failure_alert";

/** At most one alert e-mail per user in this window. */
const FAILURE_ALERT_INTERVAL = "1 hour";

/**
 * Queues the failure alert of each user, in the caller's transaction (so a failure recorded
 * is an alert queued, and a rollback queues nothing). One graphile-worker job per user
 * (job_key `failure-alert:<user>`, mode preserve_run_at): failures while it waits join it
 * rather than move it, and it runs no sooner than an hour after the previous e-mail.
 * Users who turned alerts off get no job. Before the worker has created its schema (a
 * database no engine has started on yet) there is no queue: nothing is queued.
 */
export async function scheduleFailureAlerts(
  client: Pick<pg.PoolClient, "query">,
  userIds: string[],
  now: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  if (!(await jobQueueReady(client))) return 0;
  const res = await client.query(
    `select graphile_worker.add_job(
              $3, json_build_object('userId', u.id),
              run_at := greatest($2::timestamptz + make_interval(secs => $4),
                                 u.failure_alert_sent_at + interval '${FAILURE_ALERT_INTERVAL}'),
              max_attempts := 10,
              job_key := 'failure-alert:' || u.id,
              job_key_mode := 'preserve_run_at')
       from users u
      where u.id = any($1::text[]) and u.failure_alerts`,
    [[...new Set(userIds)], now, FAILURE_ALERT_TASK, env.FAILURE_ALERT_DELAY_SECONDS],
  );
  return res.rowCount ?? 0;
}
