import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { deliveries } from "@/db/schema";
import type { SendNowMode } from "@/db/schema/enums";
import { compileStatement } from "@/lib/db/compile-statement";
import { EXTRA_SEND_WINDOW_MS } from "./constants";
import { r } from "./leased-row";
import {
  materializeRows,
  SELECT_DUE_ROWS,
  type DueRow,
  type MaterializeLease,
  type Materialized,
} from "./materialize-rows";

/**
 * The reminder, whether due or not, if it is the workspace's and scheduled; waits for its lock.
 * Not a group reminder: it has no delivery of its own (its members' reminders do).
 */
const SELECT_ONE = compileStatement<{ reminderId: string; workspaceId: string }, DueRow>(
  (p) => sql`${SELECT_DUE_ROWS}
    where ${r.id} = ${p.reminderId} and ${r.workspaceId} = ${p.workspaceId} and ${r.status} = 'scheduled'
      and ${r.nextRunAt} is not null and ${r.recipient} <> 'group'
    for no key update of ${r}`,
);

/** A delivery of a later occurrence than now, other than a LATER reply's resend or an extra message. */
const SENT_AHEAD = compileStatement<{ reminderId: string; now: Date }, { ahead: number }>(
  (p) => sql`select 1 as ahead from ${deliveries}
    where ${deliveries.reminderId} = ${p.reminderId} and ${deliveries.occurrenceAt} > ${p.now}
      and ${deliveries.snoozedFromId} is null and not ${deliveries.extra}
    limit 1`,
);

/** An extra message of this reminder created since `since`. */
const RECENT_EXTRA = compileStatement<{ reminderId: string; since: Date }, { recent: number }>(
  (p) => sql`select 1 as recent from ${deliveries}
    where ${deliveries.reminderId} = ${p.reminderId} and ${deliveries.extra}
      and ${deliveries.createdAt} > ${p.since}
    limit 1`,
);

/**
 * Send now: the reminder's pending occurrence becomes a delivery row, leased to this worker,
 * ahead of its time, and the reminder moves to its next occurrence (as materializeDue does for
 * due ones), in the caller's transaction. Nothing when the reminder is not the workspace's, not
 * scheduled, or its current occurrence was already sent ahead: until that time comes it stays
 * the reminder's current occurrence, so another Send now (a double click, a second tab) sends
 * nothing and leaves the schedule where it is. A LATER resend of an earlier occurrence (due an
 * hour after the reply) is not an occurrence sent ahead.
 *
 * Mode "extra": a message besides the schedule (see materializeRows), the reminder left as it
 * is. Its occurrence is the moment of sending, so the unique key cannot tell two presses apart:
 * under the reminder's lock, an extra message created within EXTRA_SEND_WINDOW_MS makes a second
 * press (a double click, a second tab) send nothing.
 */
export async function materializeOne(
  client: pg.PoolClient,
  options: {
    reminderId: string;
    workspaceId: string;
    now: Date;
    lease: MaterializeLease;
    mode?: SendNowMode;
  },
): Promise<Materialized> {
  const { rows } = await SELECT_ONE.run(client, {
    reminderId: options.reminderId,
    workspaceId: options.workspaceId,
  });
  if (rows.length === 0) return { created: [], leased: [] };
  if (options.mode === "extra") {
    const since = new Date(options.now.getTime() - EXTRA_SEND_WINDOW_MS);
    const recent = await RECENT_EXTRA.run(client, { reminderId: options.reminderId, since });
    if (recent.rows.length > 0) return { created: [], leased: [] };
    return materializeRows(client, rows, options.now, options.lease, { extra: true });
  }
  const ahead = await SENT_AHEAD.run(client, { reminderId: options.reminderId, now: options.now });
  if (ahead.rows.length > 0) return { created: [], leased: [] };
  return materializeRows(client, rows, options.now, options.lease);
}
