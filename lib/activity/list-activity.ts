import "server-only";
import { and, eq, inArray, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import { contacts, deliveries } from "@/db/schema";
// Reads that tolerate a replica's lag (docs/failover.md, "Reads that can move to replicas").
import { replicaDb as db } from "@/lib/db/replica";
import { integerIdCursor, keysetSortKey } from "@/lib/db/keyset-cursor";
import type { ActivityQuery } from "@/lib/validations/delivery";
import { deliveryColumns } from "./delivery-columns";
import { SKIP_CODES } from "@/lib/channels/failure-reasons";
import { toDeliveryEntry, type DeliveryEntry } from "./to-delivery-entry";

export interface ActivityPage {
  items: DeliveryEntry[];
  /** Opaque; pass as ?cursor= for the next page. Null on the last page. */
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
 * `/activity` and GET /api/deliveries: every delivery of the user, newest first, filtered by
 * status, channel, contact and reminder, keyset-paginated on (created_at, id). Served by
 * deliveries_workspace_created_idx, deliveries_workspace_status_created_idx and
 * deliveries_contact_created_idx (`npm run bench:activity` prints the plans on 100,000 rows).
 */
export async function listActivity(
  workspaceId: string,
  query: Partial<ActivityQuery> = {},
): Promise<ActivityPage> {
  const limit = query.limit ?? 50;
  const rows = await activityQuery(workspaceId, query, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ sortKey: _sortKey, ...row }) => toDeliveryEntry(row)),
    nextCursor: rows.length > limit && last ? integerIdCursor.encode(last.sortKey, last.id) : null,
  };
}

/** The page's query (one row more than `limit` tells whether another page follows); the bench EXPLAINs it. */
export function activityQuery(workspaceId: string, query: Partial<ActivityQuery>, limit: number) {
  const where: (SQL | undefined)[] = [
    eq(deliveries.workspaceId, workspaceId),
    statusFilter(query.status),
    query.channel ? eq(deliveries.channel, query.channel) : undefined,
    query.contactId ? eq(deliveries.contactId, query.contactId) : undefined,
    query.reminderId ? eq(deliveries.reminderId, query.reminderId) : undefined,
  ];
  if (query.cursor) {
    const [at, id] = integerIdCursor.decode(query.cursor);
    where.push(sql`(${deliveries.createdAt}, ${deliveries.id}) < (${at}::timestamptz, ${id})`);
  }
  return (
    db
      .select({
        ...deliveryColumns,
        sortKey: keysetSortKey(deliveries.createdAt),
      })
      .from(deliveries)
      .innerJoin(contacts, eq(contacts.id, deliveries.contactId))
      .where(and(...where))
      // NULLS LAST as the indexes are built (drizzle's .desc()); plain DESC means NULLS FIRST and
      // no index would match (measured: a sequential scan and a sort of the user's 100,000 rows).
      .orderBy(sql`${deliveries.createdAt} desc nulls last`, sql`${deliveries.id} desc nulls last`)
      .limit(limit + 1)
  );
}
