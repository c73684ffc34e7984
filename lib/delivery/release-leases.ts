import "server-only";
import type pg from "pg";
import { refundUsage } from "./refund-usage";

/**
 * Hands back deliveries this worker leased but did not send (a shutdown): each becomes
 * queued and due now with its attempt given back, so another worker takes it at once (the
 * deliveries trigger NOTIFYs the engines). A first attempt also gives back its usage
 * reservation, since the next lease reserves again. Returns how many were released.
 */
export async function releaseLeases(
  client: pg.PoolClient,
  workerId: string,
  now: Date,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await client.query<{ id: string; user_id: string; attempt_count: number }>(
    `update deliveries d set status = 'queued', worker_id = null, lease_expires_at = null, next_attempt_at = $3,
            attempt_count = greatest(0, d.attempt_count - 1), updated_at = $3
      where d.id = any($1::bigint[]) and d.worker_id = $2 and d.status = 'sending'
      returning d.id, d.user_id, d.attempt_count`,
    [ids, workerId, now],
  );
  await refundUsage(
    client,
    rows.filter((r) => r.attempt_count === 0).map((r) => ({ id: Number(r.id), userId: r.user_id })),
  );
  return rows.length;
}
