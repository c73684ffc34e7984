import "server-only";
import { sql } from "drizzle-orm";
import { deliveries, reminders, webhookMessages } from "@/db/schema";
import { compileStatement } from "@/lib/db/compile-statement";

/**
 * The reads behind GET /api/metrics. Each one is bounded by an index range or a partial index,
 * so a scrape costs the recent or waiting rows, never the whole table (the plans are checked in
 * tests/integration/health/metrics-plans.test.ts).
 */

/** Deliveries created in the last day, by status and channel (deliveries_created_idx). */
export const DELIVERIES_LAST_DAY = compileStatement<
  Record<string, never>,
  { status: string; channel: string; n: number }
>(
  () => sql`select ${deliveries.status} as status, ${deliveries.channel} as channel, count(*)::int as n
    from ${deliveries} where ${deliveries.createdAt} >= now() - interval '24 hours'
    group by ${deliveries.status}, ${deliveries.channel}`,
);

/**
 * Of the deliveries created in the last hour and sent, the median and 95th percentile of the
 * time from their successful attempt's start (the worker taking the lease) to sent recorded.
 */
export const SEND_SECONDS = compileStatement<
  Record<string, never>,
  { channel: string; p50: number; p95: number; n: number }
>(() => {
  const seconds = sql`greatest(0, extract(epoch from ${deliveries.sentAt} - ${deliveries.lastAttemptAt}))`;
  return sql`select ${deliveries.channel} as channel,
      percentile_cont(0.5) within group (order by ${seconds})::float as p50,
      percentile_cont(0.95) within group (order by ${seconds})::float as p95, count(*)::int as n
    from ${deliveries}
    where ${deliveries.createdAt} >= now() - interval '1 hour' and ${deliveries.sentAt} is not null
      and ${deliveries.lastAttemptAt} is not null
    group by ${deliveries.channel}`;
});

/** Queued and held deliveries, and whether their time has come (deliveries_pending_idx). */
export const DELIVERY_QUEUE = compileStatement<
  Record<string, never>,
  { status: string; due: boolean; n: number }
>(
  () => sql`select ${deliveries.status} as status, ${deliveries.nextAttemptAt} <= now() as due, count(*)::int as n
    from ${deliveries} where ${deliveries.status} in ('queued', 'held')
    group by 1, 2`,
);

/** Reminders due that no worker has turned into a delivery yet (reminders_due_idx). */
export const REMINDERS_DUE = compileStatement<Record<string, never>, { n: number }>(
  () => sql`select count(*)::int as n from ${reminders}
    where ${reminders.status} = 'scheduled' and ${reminders.nextRunAt} is not null
      and ${reminders.nextRunAt} <= now()`,
);

/**
 * Pending webhook messages, those whose attempt time has passed, and how long the oldest of
 * those has waited (webhook_messages_due_idx). A message being sent has its lease's end as its
 * next attempt time, so it is not due.
 */
export const WEBHOOK_BACKLOG = compileStatement<
  Record<string, never>,
  { pending: number; due: number; oldest_due_age: number | null }
>(() => {
  const due = sql`${webhookMessages.nextAttemptAt} <= now()`;
  return sql`select count(*)::int as pending, (count(*) filter (where ${due}))::int as due,
      extract(epoch from now() - min(${webhookMessages.nextAttemptAt}) filter (where ${due}))::float as oldest_due_age
    from ${webhookMessages} where ${webhookMessages.status} = 'pending'`;
});

/** The job runner's jobs whose run time has come and that no process holds (its jobs_main_index). */
export const JOBS_DUE = compileStatement<Record<string, never>, { n: number }>(
  () =>
    sql`select count(*)::int as n from graphile_worker._private_jobs where is_available and run_at <= now()`,
);
