import { pool } from "@/lib/db";
import { LEASE_MS } from "./constants";

/** Heartbeat: this worker is alive, and the deliveries it is sending stay its own. */
export async function renewLeases(workerId: string, now: Date): Promise<void> {
  await pool.query(
    `insert into worker_heartbeats (worker_id, started_at, last_seen_at) values ($1, $2, $2)
     on conflict (worker_id) do update set last_seen_at = excluded.last_seen_at`,
    [workerId, now],
  );
  await pool.query(
    `update deliveries set lease_expires_at = $2 where status = 'sending' and worker_id = $1`,
    [workerId, new Date(now.getTime() + LEASE_MS)],
  );
}
