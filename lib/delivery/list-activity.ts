import { and, desc, eq, inArray, lt, notInArray, or, isNull, type SQL } from "drizzle-orm";
import { contacts, deliveries } from "@/db/schema";
import { db } from "@/lib/db";
import type { ActivityQuery } from "@/lib/validations/delivery";
import { deliveryColumns } from "./delivery-columns";
import { SKIP_CODES } from "./failure-reasons";
import { toDeliveryEntry, type DeliveryEntry } from "./to-delivery-entry";

export interface ActivityPage {
  items: DeliveryEntry[];
  /** The id to pass as ?cursor= for the next page; null on the last page. */
  nextCursor: string | null;
}

const skipCodes = [...SKIP_CODES];

/** The WHERE of a filter: 'skipped' and 'failed' split the failed rows by their code. */
function statusFilter(status: ActivityQuery["status"]): SQL | undefined {
  if (!status) return undefined;
  if (status === "skipped") {
    return and(eq(deliveries.status, "failed"), inArray(deliveries.errorCode, skipCodes));
  }
  if (status === "failed") {
    return and(
      eq(deliveries.status, "failed"),
      or(isNull(deliveries.errorCode), notInArray(deliveries.errorCode, skipCodes)),
    );
  }
  return eq(deliveries.status, status);
}

/**
 * `/activity` and GET /api/deliveries: every delivery of the user, newest first (by id, which
 * grows with creation), filtered by status, channel and contact, keyset-paginated on id.
 * Served by deliveries_user_id_idx / deliveries_user_status_id_idx / deliveries_contact_id_idx
 * (scripts/bench-activity.ts prints the plans and timings on 100,000 rows).
 */
export async function listActivity(
  userId: string,
  query: Partial<ActivityQuery> = {},
): Promise<ActivityPage> {
  const limit = query.limit ?? 50;
  const rows = await activityQuery(userId, query, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toDeliveryEntry),
    nextCursor: rows.length > limit && last ? String(last.id) : null,
  };
}

/** The page's query (one row more than `limit` tells whether another page follows); the bench EXPLAINs it. */
export function activityQuery(userId: string, query: Partial<ActivityQuery>, limit: number) {
  const where: (SQL | undefined)[] = [
    eq(deliveries.userId, userId),
    statusFilter(query.status),
    query.channel ? eq(deliveries.channel, query.channel) : undefined,
    query.contactId ? eq(deliveries.contactId, query.contactId) : undefined,
    query.cursor ? lt(deliveries.id, Number(query.cursor)) : undefined,
  ];
  // Within the equality filters these orders are all 'id desc'; spelled with the leading
  // columns of the matching index, they leave the planner that index alone (measured: by the
  // primary key alone it walked 100,000 other users' rows to fill the first page).
  const order = query.contactId
    ? [deliveries.contactId, desc(deliveries.id)]
    : query.status
      ? [deliveries.userId, deliveries.status, desc(deliveries.id)]
      : [deliveries.userId, desc(deliveries.id)];
  return db
    .select(deliveryColumns)
    .from(deliveries)
    .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1);
}
