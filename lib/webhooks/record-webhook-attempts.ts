import "server-only";
import { sql } from "drizzle-orm";
import { webhookAttempts, webhookEndpoints, webhookMessages } from "@/db/schema";
import { columnName, compileStatement, type Queryable } from "@/lib/db/compile-statement";
import type { LeasedWebhookMessage } from "./lease-webhook-messages";
import type { PostOutcome } from "./post-webhook";
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS } from "./retry-schedule";

export interface AttemptResult {
  message: LeasedWebhookMessage;
  outcome: PostOutcome;
  attemptedAt: Date;
}

const a = webhookAttempts;
const m = webhookMessages;
const w = webhookEndpoints;

/**
 * Every attempt of a batch in one statement: the attempts logged, each message delivered,
 * due again on the schedule or failed, and the endpoints' failure streaks started (a failure)
 * or ended (a success).
 */
const RECORD = compileStatement<
  {
    ids: number[];
    created: string[];
    at: Date[];
    statuses: (number | null)[];
    durations: number[];
    excerpts: (string | null)[];
    errors: (string | null)[];
    outcomes: string[];
    next: (Date | null)[];
    okEndpoints: string[];
    badEndpoints: string[];
    now: Date;
  },
  { n: number }
>(
  (p) => sql`with v as (
      select * from unnest(${p.ids}::bigint[], ${p.created}::timestamptz[], ${p.at}::timestamptz[], ${p.statuses}::int[], ${p.durations}::int[],
                           ${p.excerpts}::text[], ${p.errors}::text[], ${p.outcomes}::text[], ${p.next}::timestamptz[])
        as v(id, created, at, status, duration, excerpt, error, outcome, next_at)),
    logged as (
      insert into ${a} (${columnName(a.webhookMessageId)}, ${columnName(a.messageCreatedAt)}, ${columnName(a.attemptedAt)}, ${columnName(a.responseStatus)},
                        ${columnName(a.durationMs)}, ${columnName(a.responseExcerpt)}, ${columnName(a.error)})
      select id, created, at, status, duration, excerpt, error from v returning 1),
    moved as (
      update ${m} m set ${columnName(m.status)} = v.outcome, ${columnName(m.nextAttemptAt)} = v.next_at
        from v where m.id = v.id and m.created_at = v.created and m.id = any(${p.ids}::bigint[]) returning 1),
    healthy as (
      update ${w} set ${columnName(w.failingSince)} = null, ${columnName(w.updatedAt)} = ${p.now}
       where ${w.id} = any(${p.okEndpoints}::text[]) and ${w.failingSince} is not null returning 1),
    failing as (
      update ${w} set ${columnName(w.failingSince)} = ${p.now}, ${columnName(w.updatedAt)} = ${p.now}
       where ${w.id} = any(${p.badEndpoints}::text[]) and ${w.failingSince} is null returning 1)
    select (select count(*) from logged)::int as n, (select count(*) from moved)::int as moved,
           (select count(*) from healthy)::int as healthy, (select count(*) from failing)::int as failing`,
);

const ok = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Records a batch's attempts (see RECORD). 2xx: delivered. Otherwise due again after the
 * schedule's next wait, or failed once the attempts are used up; 410 Gone fails at once (the
 * endpoint is being disabled). An endpoint with any success in the batch is healthy again.
 */
export async function recordWebhookAttempts(
  client: Queryable,
  results: AttemptResult[],
  now: Date,
): Promise<void> {
  if (results.length === 0) return;
  const plans = results.map(({ message, outcome }) => {
    if (ok(outcome.status)) return { outcome: "delivered", next: null };
    const next = outcome.status === 410 ? null : nextAttemptAt(now, message.attemptCount);
    return next && message.attemptCount < WEBHOOK_MAX_ATTEMPTS
      ? { outcome: "pending", next }
      : { outcome: "failed", next: null };
  });
  const okEndpoints = new Set(results.filter((r) => ok(r.outcome.status)).map((r) => r.message.endpointId));
  const badEndpoints = new Set(
    results
      .filter((r) => !ok(r.outcome.status) && !okEndpoints.has(r.message.endpointId))
      .map((r) => r.message.endpointId),
  );
  await RECORD.run(client, {
    ids: results.map((r) => r.message.id),
    created: results.map((r) => r.message.createdAt),
    at: results.map((r) => r.attemptedAt),
    statuses: results.map((r) => r.outcome.status),
    durations: results.map((r) => r.outcome.durationMs),
    excerpts: results.map((r) => r.outcome.excerpt?.slice(0, 1000) ?? null),
    errors: results.map((r) => r.outcome.error),
    outcomes: plans.map((p) => p.outcome),
    next: plans.map((p) => p.next),
    okEndpoints: [...okEndpoints],
    badEndpoints: [...badEndpoints],
    now,
  });
}
