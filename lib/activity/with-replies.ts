import "server-only";
import { asc, inArray } from "drizzle-orm";
import { deliveryReplies } from "@/db/schema";
import type { ReplyAction } from "@/db/schema/enums";
// Reads that tolerate a replica's lag (docs/failover.md, "Reads that can move to replicas").
import { replicaDb as db } from "@/lib/db/replica";
import type { DeliveryEntry } from "@/lib/activity/to-delivery-entry";

export interface ReplyEntry {
  id: number;
  channel: string;
  body: string;
  action: ReplyAction;
  receivedAt: string;
}

export type HistoryEntry = DeliveryEntry & { replies: ReplyEntry[] };

/** A history page's deliveries with the replies each received, oldest reply first (one query). */
export async function withReplies(entries: DeliveryEntry[]): Promise<HistoryEntry[]> {
  const ids = entries.map((e) => e.id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(deliveryReplies)
          .where(inArray(deliveryReplies.deliveryId, ids))
          .orderBy(asc(deliveryReplies.receivedAt), asc(deliveryReplies.id));
  const byDelivery = new Map<number, ReplyEntry[]>();
  for (const r of rows) {
    const list = byDelivery.get(r.deliveryId) ?? [];
    list.push({
      id: r.id,
      channel: r.channel,
      body: r.body,
      action: r.action as ReplyAction,
      receivedAt: r.receivedAt.toISOString(),
    });
    byDelivery.set(r.deliveryId, list);
  }
  return entries.map((e) => ({ ...e, replies: byDelivery.get(e.id) ?? [] }));
}
