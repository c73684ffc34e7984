import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { contactGroupMembers, contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { keysetSortKey, textIdCursor } from "@/lib/db/keyset-cursor";
import { contactCreator, contactSelect, contactUpdater } from "./contact-select";
import { withEmailDisplay } from "./email-display";

/**
 * One page of a user's contacts, newest first, keyset-paginated on (created_at, id) with the
 * fields of GET /api/contacts (contactSelect: a page is small, so its per-contact sub-queries
 * cost less than the whole list's grouped passes). With `groupId`, that group's members only.
 */
export async function listContactsPage(
  workspaceId: string,
  query: { cursor?: string; limit: number; groupId?: string },
) {
  const where: (SQL | undefined)[] = [eq(contacts.workspaceId, workspaceId)];
  // One group's members (the caller checks the group is the user's).
  if (query.groupId)
    where.push(
      sql`exists (select 1 from ${contactGroupMembers} m where m.group_id = ${query.groupId} and m.contact_id = ${contacts.id})`,
    );
  if (query.cursor) {
    const [at, id] = textIdCursor.decode(query.cursor);
    where.push(sql`(${contacts.createdAt}, ${contacts.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ ...contactSelect, sortKey: keysetSortKey(contacts.createdAt) })
    .from(contacts)
    .leftJoin(contactCreator, eq(contactCreator.id, contacts.createdBy))
    .leftJoin(contactUpdater, eq(contactUpdater.id, contacts.updatedBy))
    .where(and(...where))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ sortKey: _sortKey, ...row }) => withEmailDisplay(row)),
    nextCursor: rows.length > query.limit && last ? textIdCursor.encode(last.sortKey, last.id) : null,
  };
}
