import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contactDates, contacts, deliveries, reminders } from "@/db/schema";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { admitLeased, type LeaseResult } from "./admit-leased";
import { LEASE_MS } from "./constants";
import { escalateUnconfirmed } from "./escalate-unconfirmed";
import { occurrenceAnswered } from "./fallback-chain";
import { c, cd, PEOPLE_JOIN, r, SENDING_COLUMNS, toLeased, type LeasedRow } from "./leased-row";
import type { LeasedDelivery } from "./types";

export type { LeaseResult } from "./admit-leased";

export interface LeaseOptions {
  workerId: string;
  now: Date;
  limit: number;
  /** Rows this batch created already leased (materializeDue's `lease`): admitted, not leased again. */
  fresh?: LeasedDelivery[];
}

const d = alias(deliveries, "d");

/**
 * A picked row: its id and its partition key (the lease then reads only the months picked), as
 * PostgreSQL's text: a Date would drop the microseconds, and the key would match no row.
 */
interface Picked {
  id: string;
  occurrence_at: string;
}

/** Queued or held rows whose time came, oldest first. */
const PICK_WAITING = compileStatement<{ now: Date; limit: number }, Picked>(
  (
    p,
  ) => sql`select ${deliveries.id} as id, ${deliveries.occurrenceAt}::text as occurrence_at from ${deliveries}
    where ${deliveries.status} in ('queued', 'held') and ${deliveries.nextAttemptAt} <= ${p.now}
    order by ${deliveries.nextAttemptAt} limit ${p.limit} for update skip locked`,
);

/** 'sending' rows whose worker stopped renewing their lease. */
const PICK_EXPIRED = compileStatement<{ now: Date; limit: number }, Picked>(
  (
    p,
  ) => sql`select ${deliveries.id} as id, ${deliveries.occurrenceAt}::text as occurrence_at from ${deliveries}
    where ${deliveries.status} = 'sending' and ${deliveries.leaseExpiresAt} < ${p.now}
    order by ${deliveries.leaseExpiresAt} limit ${p.limit} for update skip locked`,
);

/**
 * Leases the rows (status 'sending' for this worker until `until`, the attempt counted) and reads
 * what sending them needs. The contact is the delivery's own; the sender and lead person its reminder's.
 */
const LEASE = compileStatement<
  { ids: number[]; occurrences: string[]; workerId: string; until: Date; now: Date },
  LeasedRow
>(
  (p) => sql`update ${deliveries} ${d}
    set ${columnName(d.status)} = 'sending', ${columnName(d.workerId)} = ${p.workerId},
        ${columnName(d.leaseExpiresAt)} = ${p.until}, ${columnName(d.attemptCount)} = ${d.attemptCount} + 1,
        ${columnName(d.firstAttemptAt)} = coalesce(${d.firstAttemptAt}, ${p.now}),
        ${columnName(d.lastAttemptAt)} = ${p.now}, ${columnName(d.updatedAt)} = ${p.now}
    from ${reminders} ${r} ${PEOPLE_JOIN} left join ${contactDates} ${cd} on ${cd.id} = ${r.contactDateId},
         ${contacts} ${c}
    where ${d.id} = any(${p.ids}::bigint[]) and ${d.occurrenceAt} = any(${p.occurrences}::timestamptz[])
      and ${r.id} = ${d.reminderId} and ${c.id} = ${d.contactId}
    returning ${d.id} as id, ${d.reminderId} as reminder_id, ${d.workspaceId} as workspace_id, ${d.channel} as channel,
      ${d.occurrenceAt} as occurrence_at, ${d.attemptCount} as attempt_count, ${d.slowedCount} as slowed_count,
      ${d.errorCode} as last_error_code, ${d.createdAt} as created_at, ${SENDING_COLUMNS},
      (${d.occurrenceAt} at time zone ${r.timezone})::date::text as occurrence_local_date,
      ${d.fallbackStep} as fallback_step, ${d.requestedChannel} as requested_channel,
      case when ${d.fallbackStep} > 0 then ${occurrenceAnswered(d)} else false end as answered_earlier`,
);

/**
 * Ready rows: queued/held whose time came (first the fallback steps of unconfirmed deliveries
 * whose wait ran out, queued now: escalateUnconfirmed), and 'sending' ones whose worker stopped
 * renewing. Only in a batch with room, as retries: a burst of due reminders goes first.
 */
async function pickReady(
  client: pg.PoolClient,
  now: Date,
  limit: number,
): Promise<{ ids: number[]; occurrences: string[]; expired: Set<number> }> {
  await escalateUnconfirmed(client, now, limit);
  const ready = await PICK_WAITING.run(client, { now, limit });
  const ids = ready.rows.map((row) => Number(row.id));
  const occurrences = ready.rows.map((row) => row.occurrence_at);
  const expired = new Set<number>();
  if (ids.length < limit) {
    const taken = await PICK_EXPIRED.run(client, { now, limit: limit - ids.length });
    for (const row of taken.rows) {
      ids.push(Number(row.id));
      occurrences.push(row.occurrence_at);
      expired.add(Number(row.id));
    }
  }
  return { ids, occurrences, expired };
}

/**
 * Takes the lease on up to `limit` ready deliveries (less the `fresh` ones) for `workerId`
 * (status 'sending', lease until now + LEASE_MS, attempt counted), then admits them with the
 * fresh ones (admitLeased: settles those that must not be attempted, paces, reserves usage),
 * all in the caller's transaction.
 */
export async function leaseDeliveries(client: pg.PoolClient, options: LeaseOptions): Promise<LeaseResult> {
  const fresh = options.fresh ?? [];
  const room = options.limit - fresh.length;
  const picked =
    room > 0
      ? await pickReady(client, options.now, room)
      : { ids: [], occurrences: [], expired: new Set<number>() };
  if (picked.ids.length === 0 && fresh.length === 0) return { toSend: [], decided: [], crossedThreshold: [] };
  const { rows } =
    picked.ids.length === 0
      ? { rows: [] }
      : await LEASE.run(client, {
          ids: picked.ids,
          occurrences: picked.occurrences,
          workerId: options.workerId,
          until: new Date(options.now.getTime() + LEASE_MS),
          now: options.now,
        });
  const leased = rows.map((row) => {
    const delivery = toLeased(row);
    if (picked.expired.has(delivery.id)) delivery.takenOver = true;
    return delivery;
  });
  // Fresh rows are first attempts: the same checks, pacing and usage reservation as leased ones.
  return admitLeased(client, [...fresh, ...leased], options.now);
}
