import "server-only";
import { sql } from "drizzle-orm";
import { deliveries, workerHeartbeats } from "@/db/schema";
import { pool } from "@/lib/db";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { LEASE_MS } from "./constants";

const BEAT = compileStatement<{ workerId: string; now: Date }>(
  (p) => sql`insert into ${workerHeartbeats} (${columnName(workerHeartbeats.workerId)},
      ${columnName(workerHeartbeats.startedAt)}, ${columnName(workerHeartbeats.lastSeenAt)})
    values (${p.workerId}, ${p.now}, ${p.now})
    on conflict (${columnName(workerHeartbeats.workerId)})
    do update set ${columnName(workerHeartbeats.lastSeenAt)} = excluded.${columnName(workerHeartbeats.lastSeenAt)}`,
);

const EXTEND = compileStatement<{ workerId: string; until: Date; before: Date; ids: number[] }>(
  (p) => sql`update ${deliveries} set ${columnName(deliveries.leaseExpiresAt)} = ${p.until}
    where ${deliveries.status} = 'sending' and ${deliveries.workerId} = ${p.workerId}
      and ${deliveries.id} = any(${p.ids}::bigint[]) and ${deliveries.leaseExpiresAt} < ${p.before}`,
);

/**
 * Heartbeat: this worker is alive, and the deliveries it is sending (`held`: the ones it knows it
 * leased and has not recorded yet) stay its own. A row leased by a transaction whose COMMIT's
 * answer was lost (a failover) carries this worker's id but is in no batch here: it is not
 * renewed, so its lease runs out and it is taken over rather than kept for ever. Only leases
 * past half their time are extended: most sends finish well within that, and rewriting every
 * row in flight each beat (thousands during a burst) cost a write per row and held their locks
 * against the outcome writes. A heartbeat every HEARTBEAT_MS (< LEASE_MS / 2) still renews a
 * lease long before it runs out.
 */
export async function renewLeases(workerId: string, now: Date, held: Iterable<number>): Promise<void> {
  await BEAT.run(pool, { workerId, now });
  const ids = [...held];
  if (ids.length === 0) return;
  await EXTEND.run(pool, {
    workerId,
    until: new Date(now.getTime() + LEASE_MS),
    before: new Date(now.getTime() + LEASE_MS / 2),
    ids,
  });
}
