import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { env } from "@/lib/env";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { ALERTED_ROLES } from "./alerted-roles";

/** graphile-worker task that e-mails a workspace's members the failures since its last alert. */
export const FAILURE_ALERT_TASK = "failure_alert";

/** At most one alert e-mail per workspace (to each member it goes to) in this window. */
const FAILURE_ALERT_INTERVAL = "1 hour";

const w = alias(workspaces, "w");
const m = alias(workspaceMembers, "m");
const u = alias(users, "u");

const QUEUE_ALERTS = compileStatement<{
  workspaceIds: string[];
  now: Date;
  task: string;
  delaySeconds: number;
  roles: string[];
}>(
  (p) => sql`select graphile_worker.add_job(
      ${p.task}, json_build_object('workspaceId', ${w.id}),
      run_at := greatest(${p.now}::timestamptz + make_interval(secs => ${p.delaySeconds}),
                         ${w.failureAlertSentAt} + ${sql.raw(`interval '${FAILURE_ALERT_INTERVAL}'`)}),
      max_attempts := 10,
      job_key := 'failure-alert:' || ${w.id},
      job_key_mode := 'preserve_run_at')
    from ${workspaces} ${w}
    where ${w.id} = any(${p.workspaceIds}::text[])
      and exists (select 1 from ${workspaceMembers} ${m} join ${users} ${u} on ${u.id} = ${m.userId}
                   where ${m.workspaceId} = ${w.id} and ${m.role} = any(${p.roles}::text[]) and ${u.failureAlerts})`,
);

/**
 * Queues the failure alert of each workspace, in the caller's transaction (so a failure recorded
 * is an alert queued, and a rollback queues nothing). One graphile-worker job per workspace
 * (job_key `failure-alert:<workspace>`, mode preserve_run_at): failures while it waits join it
 * rather than move it, and it runs no sooner than an hour after the workspace's previous alert.
 * A workspace none of whose alerted members (ALERTED_ROLES) wants alerts gets no job. Before the
 * worker has created its schema (a database no engine has started on yet) there is no queue:
 * nothing is queued.
 */
export async function scheduleFailureAlerts(
  client: Queryable,
  workspaceIds: string[],
  now: Date,
): Promise<number> {
  if (workspaceIds.length === 0) return 0;
  if (!(await jobQueueReady(client))) return 0;
  const res = await QUEUE_ALERTS.run(client, {
    workspaceIds: [...new Set(workspaceIds)],
    now,
    task: FAILURE_ALERT_TASK,
    delaySeconds: env.FAILURE_ALERT_DELAY_SECONDS,
    roles: [...ALERTED_ROLES],
  });
  return res.rowCount ?? 0;
}
