import "server-only";
import { eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { toLocale } from "@/i18n/locales";
import { sortByName } from "@/lib/contacts/sort-by-name";
import { db } from "@/lib/db";
import { groupViewColumns, type GroupView } from "./group-view";

/** GET /api/groups: the user's groups (at most GROUP_LIMIT) by name in their language, with member counts. */
export async function listGroups(workspaceId: string, locale: string): Promise<GroupView[]> {
  const rows = await db
    .select(groupViewColumns)
    .from(contactGroups)
    .where(eq(contactGroups.workspaceId, workspaceId))
    .orderBy(contactGroups.createdAt, contactGroups.id);
  return sortByName(rows, (row) => row.name, toLocale(locale));
}
