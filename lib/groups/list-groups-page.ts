import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { db } from "@/lib/db";
import { keysetSortKey, textIdCursor } from "@/lib/db/keyset-cursor";
import { groupViewColumns, type GroupView } from "./group-view";

/** One page of a user's groups, newest first, keyset-paginated on (created_at, id) as the other v1 lists. */
export async function listGroupsPage(
  workspaceId: string,
  query: { cursor?: string; limit: number },
): Promise<{ items: GroupView[]; nextCursor: string | null }> {
  const where: (SQL | undefined)[] = [eq(contactGroups.workspaceId, workspaceId)];
  if (query.cursor) {
    const [at, id] = textIdCursor.decode(query.cursor);
    where.push(sql`(${contactGroups.createdAt}, ${contactGroups.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ ...groupViewColumns, sortKey: keysetSortKey(contactGroups.createdAt) })
    .from(contactGroups)
    .where(and(...where))
    .orderBy(desc(contactGroups.createdAt), desc(contactGroups.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ sortKey: _sortKey, ...group }) => group),
    nextCursor: rows.length > query.limit && last ? textIdCursor.encode(last.sortKey, last.id) : null,
  };
}
