import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { compileStatement } from "@/lib/db/compile-statement";
import { r } from "./leased-row";
import {
  materializeRows,
  SELECT_DUE_ROWS,
  type DueRow,
  type MaterializeLease,
  type Materialized,
} from "./materialize-rows";

export interface MaterializeOptions {
  now: Date;
  limit: number;
  /**
   * Create the rows already leased to this worker (status 'sending', first attempt) rather
   * than 'queued': the batch that materializes them sends them.
   */
  lease?: MaterializeLease;
}

/**
 * Due reminders, oldest first; SKIP LOCKED so concurrent workers take disjoint ones. NO KEY
 * UPDATE (all the advance writes): a FOR UPDATE lock here would block the KEY SHARE that a row
 * naming the reminder takes (a fallback step's delivery, a group occurrence naming its group
 * reminder) in a batch that holds the workspace's lock this batch waits for next: a deadlock.
 */
const SELECT_DUE = compileStatement<{ now: Date; limit: number }, DueRow>(
  (p) => sql`${SELECT_DUE_ROWS}
    where ${r.status} = 'scheduled' and ${r.nextRunAt} is not null and ${r.nextRunAt} <= ${p.now}
    order by ${r.nextRunAt} limit ${p.limit}
    for no key update of ${r} skip locked`,
);

/**
 * Turns due reminders into delivery rows (one per reminder + occurrence, 'queued' now) and
 * moves each reminder to its next occurrence, in the caller's transaction. Rows are locked
 * with SKIP LOCKED so concurrent workers take disjoint reminders; only 'scheduled' ones
 * are read, so a cancelled reminder (or one whose contact was deleted) is never taken.
 */
export async function materializeDue(
  client: pg.PoolClient,
  options: MaterializeOptions,
): Promise<Materialized> {
  const { rows } = await SELECT_DUE.run(client, { now: options.now, limit: options.limit });
  return materializeRows(client, rows, options.now, options.lease);
}
