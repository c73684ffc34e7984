import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
// Reads that tolerate a replica's lag (docs/failover.md, "Reads that can move to replicas").
import { replicaDb as db } from "@/lib/db/replica";
import { integerIdCursor, keysetSortKey } from "@/lib/db/keyset-cursor";
import { notFound } from "@/lib/errors/domain-error";
import type { ReminderDeliveriesQuery } from "@/lib/validations/delivery";
import { deliveryColumns } from "./delivery-columns";
import { toDeliveryEntry } from "./to-delivery-entry";
import { withReplies, type HistoryEntry } from "@/lib/activity/with-replies";

export interface DeliveryPage {
  items: HistoryEntry[];
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

/**
 * A reminder's history, newest occurrence first, one page at a time (a daily reminder
 * gathers hundreds). Served by the unique (reminder_id, occurrence_at, fallback_step) index. Another user's
 * reminder is a 404.
 */
export async function listDeliveries({
  workspaceId,
  reminderId,
  cursor,
  limit = 20,
}: { workspaceId: string; reminderId: string } & Partial<ReminderDeliveriesQuery>): Promise<DeliveryPage> {
  const [owned] = await db
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.id, reminderId), eq(reminders.workspaceId, workspaceId)));
  if (!owned) throw notFound({ code: "reminder_not_found", message: "Reminder not found" });
  const where = [eq(deliveries.reminderId, reminderId)];
  if (cursor) {
    const [at, id] = integerIdCursor.decode(cursor);
    where.push(sql`(${deliveries.occurrenceAt}, ${deliveries.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({
      ...deliveryColumns,
      sortKey: keysetSortKey(deliveries.occurrenceAt),
    })
    .from(deliveries)
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .where(and(...where))
    .orderBy(desc(deliveries.occurrenceAt), desc(deliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: await withReplies(page.map(toDeliveryEntry)),
    nextCursor: rows.length > limit && last ? integerIdCursor.encode(last.sortKey, last.id) : null,
  };
}
