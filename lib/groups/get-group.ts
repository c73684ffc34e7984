import "server-only";
import { and, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { db, type DbOrTx } from "@/lib/db";
import { groupNotFound } from "./group-errors";
import { groupViewColumns, type GroupView } from "./group-view";

/**
 * GET /api/groups/{id}: one of the user's groups with its member count; another user's, like
 * an unknown id, is a 404. Inside a transaction pass it as `executor` (it sees its own writes).
 */
export async function getGroup(
  workspaceId: string,
  groupId: string,
  executor: DbOrTx = db,
): Promise<GroupView> {
  const [group] = await executor
    .select(groupViewColumns)
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.workspaceId, workspaceId)));
  if (!group) throw groupNotFound();
  return group;
}
