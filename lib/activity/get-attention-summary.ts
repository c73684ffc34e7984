import "server-only";
import { and, count, eq, gte, isNull, notInArray, or, sql } from "drizzle-orm";
import { contacts, deliveries } from "@/db/schema";
// Reads that tolerate a replica's lag (docs/failover.md, "Reads that can move to replicas").
import { replicaDb as db } from "@/lib/db/replica";
import { deliveryColumns } from "./delivery-columns";
import { NOT_ALERTED } from "@/lib/channels/failure-reasons";
import { toDeliveryEntry, type DeliveryEntry } from "./to-delivery-entry";

const ATTENTION_DAYS = 7;
const SHOWN = 3;

export interface AttentionSummary {
  /** Deliveries that failed or were skipped in the last seven days. */
  count: number;
  latest: DeliveryEntry[];
}

/** The dashboard's 'Needs attention' card: failures of the last 7 days (cancellations aside). */
export async function getAttentionSummary(workspaceId: string, now = new Date()): Promise<AttentionSummary> {
  const since = new Date(now.getTime() - ATTENTION_DAYS * 86_400_000);
  const where = and(
    eq(deliveries.workspaceId, workspaceId),
    eq(deliveries.status, "failed"),
    gte(deliveries.updatedAt, since),
    or(isNull(deliveries.errorCode), notInArray(deliveries.errorCode, [...NOT_ALERTED])),
  );
  const [[total], rows] = await Promise.all([
    db.select({ value: count() }).from(deliveries).where(where),
    db
      .select(deliveryColumns)
      .from(deliveries)
      .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
      .where(where)
      .orderBy(sql`${deliveries.createdAt} desc nulls last`, sql`${deliveries.id} desc nulls last`)
      .limit(SHOWN),
  ]);
  return { count: total?.value ?? 0, latest: rows.map(toDeliveryEntry) };
}
