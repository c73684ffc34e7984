import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import { compileStatement } from "@/lib/db/compile-statement";
import { r } from "./leased-row";
import {
  materializeRows,
  SELECT_DUE_ROWS,
  type DueRow,
  type MaterializeLease,
  type Materialized,
} from "./materialize-rows";

/** The reminder, whether due or not, if it is the user's and scheduled; waits for its lock. */
const SELECT_ONE = compileStatement<{ reminderId: string; userId: string }, DueRow>(
  (p) => sql`${SELECT_DUE_ROWS}
    where ${r.id} = ${p.reminderId} and ${r.userId} = ${p.userId} and ${r.status} = 'scheduled'
      and ${r.nextRunAt} is not null
    for update of ${r}`,
);

/** A delivery of a later occurrence than now, other than a LATER reply's resend. */
const SENT_AHEAD = compileStatement<{ reminderId: string; now: Date }, { ahead: number }>(
  (p) => sql`select 1 as ahead from ${deliveries}
    where ${deliveries.reminderId} = ${p.reminderId} and ${deliveries.occurrenceAt} > ${p.now}
      and ${deliveries.snoozedFromId} is null
    limit 1`,
);

/**
 * Send now: the reminder's pending occurrence becomes a delivery row, leased to this worker,
 * ahead of its time, and the reminder moves to its next occurrence (as materializeDue does for
 * due ones), in the caller's transaction. Nothing when the reminder is not the user's, not
 * scheduled, or its current occurrence was already sent ahead: until that time comes it stays
 * the reminder's current occurrence, so another Send now (a double click, a second tab) sends
 * nothing and leaves the schedule where it is. A LATER resend of an earlier occurrence (due an
 * hour after the reply) is not an occurrence sent ahead.
 */
export async function materializeOne(
  client: pg.PoolClient,
  options: { reminderId: string; userId: string; now: Date; lease: MaterializeLease },
): Promise<Materialized> {
  const { rows } = await SELECT_ONE.run(client, { reminderId: options.reminderId, userId: options.userId });
  if (rows.length === 0) return { created: [], leased: [] };
  const ahead = await SENT_AHEAD.run(client, { reminderId: options.reminderId, now: options.now });
  if (ahead.rows.length > 0) return { created: [], leased: [] };
  return materializeRows(client, rows, options.now, options.lease);
}
