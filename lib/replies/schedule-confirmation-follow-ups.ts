import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries, reminders } from "@/db/schema";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";
import { jobQueueReady } from "@/lib/jobs/job-queue-ready";
import { CONFIRMATION_FOLLOW_UP_TASK } from "./constants";

const d = alias(deliveries, "d");
const r = alias(reminders, "r");

const QUEUE_FOLLOW_UPS = compileStatement<{ deliveryIds: number[]; task: string }>(
  (p) => sql`select graphile_worker.add_job(
      ${p.task}, json_build_object('deliveryId', ${d.id}),
      run_at := ${d.sentAt} + make_interval(mins => ${r.followUpMinutes}),
      max_attempts := 10,
      job_key := 'confirmation-follow-up:' || ${d.id},
      job_key_mode := 'preserve_run_at')
    from ${deliveries} ${d} join ${reminders} ${r} on ${r.id} = ${d.reminderId}
    where ${d.id} = any(${p.deliveryIds}::bigint[]) and ${d.confirmation} = 'awaiting'
      and ${r.followUpMinutes} is not null`,
);

/**
 * Queues, for each delivery just sent with a confirmation ask whose reminder has a follow-up
 * time, one graphile-worker job at sent_at + follow_up_minutes (job_key
 * `confirmation-follow-up:<delivery>`, so a second call changes nothing). The job e-mails the
 * reminder's lead person only if the delivery still awaits its answer then. Before the worker has
 * created its schema nothing is queued (as for failure alerts).
 */
export async function scheduleConfirmationFollowUps(
  client: Queryable,
  deliveryIds: number[],
): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  if (!(await jobQueueReady(client))) return 0;
  const res = await QUEUE_FOLLOW_UPS.run(client, { deliveryIds, task: CONFIRMATION_FOLLOW_UP_TASK });
  return res.rowCount ?? 0;
}
