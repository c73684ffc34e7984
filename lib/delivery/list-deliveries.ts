import { and, desc, eq, sql } from "drizzle-orm";
import { contacts, deliveries, reminders } from "@/db/schema";
import { db } from "@/lib/db";
import { badRequest, notFound } from "@/lib/api/errors";
import type { ReminderDeliveriesQuery } from "@/lib/validations/delivery";
import { deliveryColumns } from "./delivery-columns";
import { toDeliveryEntry, type DeliveryEntry } from "./to-delivery-entry";

export interface DeliveryPage {
  items: DeliveryEntry[];
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
  nextCursor: string | null;
}

// Keyset on (occurrence_at, id): the occurrence as PostgreSQL's own text (microseconds).
function encodeCursor(occurrence: string, id: number): string {
  return Buffer.from(JSON.stringify([occurrence, id])).toString("base64url");
}

function decodeCursor(cursor: string): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      !Number.isNaN(Date.parse(value[0])) &&
      Number.isSafeInteger(value[1])
    ) {
      return [value[0], value[1] as number];
    }
  } catch {
    // fall through
  }
  throw badRequest("cursor: Invalid cursor");
}

/**
 * A reminder's history, newest occurrence first, one page at a time (a daily reminder
 * gathers hundreds). Served by the unique (reminder_id, occurrence_at) index. Another user's
 * reminder is a 404.
 */
export async function listDeliveries({
  userId,
  reminderId,
  cursor,
  limit = 20,
}: { userId: string; reminderId: string } & Partial<ReminderDeliveriesQuery>): Promise<DeliveryPage> {
  const [owned] = await db
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.id, reminderId), eq(reminders.userId, userId)));
  if (!owned) throw notFound("Reminder not found");
  const where = [eq(deliveries.reminderId, reminderId)];
  if (cursor) {
    const [at, id] = decodeCursor(cursor);
    where.push(sql`(${deliveries.occurrenceAt}, ${deliveries.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({
      ...deliveryColumns,
      sortKey: sql<string>`to_char(${deliveries.occurrenceAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(deliveries)
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .where(and(...where))
    .orderBy(desc(deliveries.occurrenceAt), desc(deliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toDeliveryEntry),
    nextCursor: rows.length > limit && last ? encodeCursor(last.sortKey, last.id) : null,
  };
}
