import "server-only";
import type pg from "pg";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { deliveries } from "@/db/schema";
import type { DeliveryMethod } from "@/db/schema/enums";
import { columnName, compileStatement } from "@/lib/db/compile-statement";
import { returnDraws } from "./group-holds";
import { refundUsage } from "./refund-usage";
import { usageUnits } from "@/lib/plans/usage-units";

const d = alias(deliveries, "d");

const RELEASE = compileStatement<
  { ids: number[]; workerId: string; now: Date },
  { id: string; workspace_id: string; channel: DeliveryMethod; attempt_count: number }
>(
  (p) => sql`update ${deliveries} ${d}
      set ${columnName(d.status)} = 'queued', ${columnName(d.workerId)} = null, ${columnName(d.leaseExpiresAt)} = null,
          ${columnName(d.nextAttemptAt)} = ${p.now}, ${columnName(d.attemptCount)} = greatest(0, ${d.attemptCount} - 1),
          ${columnName(d.updatedAt)} = ${p.now}
    where ${d.id} = any(${p.ids}::bigint[]) and ${d.workerId} = ${p.workerId} and ${d.status} = 'sending'
    returning ${d.id} as id, ${d.workspaceId} as workspace_id, ${d.channel} as channel, ${d.attemptCount} as attempt_count`,
);

/**
 * Hands back deliveries this worker leased but did not send (a shutdown): each becomes
 * queued and due now with its attempt given back, so another worker takes it at once (the
 * deliveries trigger NOTIFYs the engines). A first attempt also gives back its usage
 * reservation, since the next lease reserves again (a group member's, on its occurrence's hold
 * too). Returns how many were released.
 */
export async function releaseLeases(
  client: pg.PoolClient,
  workerId: string,
  now: Date,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await RELEASE.run(client, { ids, workerId, now });
  const first = rows.filter((r) => r.attempt_count === 0);
  await refundUsage(
    client,
    first.map((r) => ({ id: Number(r.id), workspaceId: r.workspace_id, channel: r.channel })),
  );
  await returnDraws(
    client,
    first.map((r) => ({ id: Number(r.id), units: usageUnits(r.channel) })),
  );
  return rows.length;
}
