import "server-only";
import { sql } from "drizzle-orm";
import { deliveries, reminders } from "@/db/schema";
import { pool } from "@/lib/db";
import { compileStatement, type Queryable } from "@/lib/db/compile-statement";

export interface DeliveryLag {
  /** Seconds the oldest due work has waited; 0 when nothing due is waiting. */
  seconds: number;
  /** Since when it has waited; null when nothing due is waiting. */
  oldestDueAt: string | null;
}

/**
 * The oldest instant from which something due is still unsent: a due reminder no worker has
 * turned into a delivery yet (reminders_due_idx), a queued or held delivery whose next attempt
 * time has passed (deliveries_pending_idx), or a delivery whose worker's lease ran out
 * (deliveries_lease_idx). Each is the first entry of a partial index, as the engine's own
 * wake-up read: a few index pages whatever the tables' size. A delivery held for quiet hours
 * has its next attempt at the hold's end, so it counts only from then.
 */
export const DELIVERY_LAG = compileStatement<Record<string, never>, { oldest: Date | null; now: Date }>(
  () => sql`select least(
      (select min(${reminders.nextRunAt}) from ${reminders}
        where ${reminders.status} = 'scheduled' and ${reminders.nextRunAt} is not null
          and ${reminders.nextRunAt} <= now()),
      (select min(${deliveries.nextAttemptAt}) from ${deliveries}
        where ${deliveries.status} in ('queued', 'held') and ${deliveries.nextAttemptAt} <= now()),
      (select min(${deliveries.leaseExpiresAt}) from ${deliveries}
        where ${deliveries.status} = 'sending' and ${deliveries.leaseExpiresAt} <= now())) as oldest, now() as now`,
);

/** How far delivery is behind: the age of the oldest due reminder or delivery not yet sent. */
export async function readDeliveryLag(client: Queryable = pool): Promise<DeliveryLag> {
  const { rows } = await DELIVERY_LAG.run(client, {});
  const { oldest, now } = rows[0];
  if (!oldest) return { seconds: 0, oldestDueAt: null };
  // Both instants are the database's: no clock skew between this process and it.
  return {
    seconds: Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)),
    oldestDueAt: oldest.toISOString(),
  };
}
