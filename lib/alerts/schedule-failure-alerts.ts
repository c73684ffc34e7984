import "server-only";
import { sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { env } from "@/lib/env";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";

/** graphile-worker task that e-mails a user the failures since their last alert. */
export const FAILURE_ALERT_TASK = "failure_alert";

/** At most one alert e-mail per user in this window. */
const FAILURE_ALERT_INTERVAL = "1 hour";

const QUEUE_ALERTS = compileStatement<{ userIds: string[]; now: Date; task: string; delaySeconds: number }>(
  (p) => sql`select graphile_worker.add_job(
      ${p.task}, json_build_object('userId', ${users.id}),
      run_at := greatest(${p.now}::timestamptz + make_interval(secs => ${p.delaySeconds}),
                         ${users.failureAlertSentAt} + ${sql.raw(`interval '${FAILURE_ALERT_INTERVAL}'`)}),
      max_attempts := 10,
      job_key := 'failure-alert:' || ${users.id},
      job_key_mode := 'preserve_run_at')
    from ${users}
    where ${users.id} = any(${p.userIds}::text[]) and ${users.failureAlerts}`,
);

/**
 * Queues the failure alert of each user, in the caller's transaction (so a failure recorded
 * is an alert queued, and a rollback queues nothing). One graphile-worker job per user
 * (job_key `failure-alert:<user>`, mode preserve_run_at): failures while it waits join it
 * rather than move it, and it runs no sooner than an hour after the previous e-mail.
 * Users who turned alerts off get no job. Before the worker has created its schema (a
 * database no engine has started on yet) there is no queue: nothing is queued.
 */
export async function scheduleFailureAlerts(
  client: Queryable,
  userIds: string[],
  now: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  if (!(await jobQueueReady(client))) return 0;
  const res = await QUEUE_ALERTS.run(client, {
    userIds: [...new Set(userIds)],
    now,
    task: FAILURE_ALERT_TASK,
    delaySeconds: env.FAILURE_ALERT_DELAY_SECONDS,
  });
  return res.rowCount ?? 0;
}
