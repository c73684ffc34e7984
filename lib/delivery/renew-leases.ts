import "server-only";
import { pool } from "@/lib/db";
import { LEASE_MS } from "./constants";

/**
 * Heartbeat: this worker is alive, and the deliveries it is sending stay its own. Only leases
 * past half their time are extended: most sends finish well within that, and rewriting every
 * row in flight each beat (thousands during a burst) cost a write per row and held their locks
 * against the outcome writes. A heartbeat every HEARTBEAT_MS (< LEASE_MS / 2) still renews a
 * lease long before it runs out.
 */
export async function renewLeases(workerId: string, now: Date): Promise<void> {
  await pool.query(
    `insert into worker_heartbeats (worker_id, started_at, last_seen_at) values ($1, $2, $2)
     on conflict (worker_id) do update set last_seen_at = excluded.last_seen_at`,
    [workerId, now],
  );
  await pool.query(
    `update deliveries set lease_expires_at = $2
      where status = 'sending' and worker_id = $1 and lease_expires_at < $3`,
    [workerId, new Date(now.getTime() + LEASE_MS), new Date(now.getTime() + LEASE_MS / 2)],
  );
}
