import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { contacts } from "@/db/schema";
import { db } from "@/lib/db";
import { keysetSortKey, textIdCursor } from "@/lib/db/keyset-cursor";
import { contactSelect } from "./contact-select";
import { withEmailDisplay } from "./email-display";

/**
 * One page of a user's contacts, newest first, keyset-paginated on (created_at, id) with the
 * fields of GET /api/contacts (contactSelect: a page is small, so its per-contact sub-queries
 * cost less than the whole list's grouped passes).
 */
export async function listContactsPage(userId: string, query: { cursor?: string; limit: number }) {
  const where: (SQL | undefined)[] = [eq(contacts.userId, userId)];
  if (query.cursor) {
    const [at, id] = textIdCursor.decode(query.cursor);
    where.push(sql`(${contacts.createdAt}, ${contacts.id}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await db
    .select({ ...contactSelect, sortKey: keysetSortKey(contacts.createdAt) })
    .from(contacts)
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
