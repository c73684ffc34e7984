import "server-only";
import { and, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { groupNotFound } from "./group-errors";

/**
 * Locks one of the user's groups for the rest of the transaction: membership changes, a
 * rename, a deletion and a group reminder being created for it take turns. Another user's
 * group, like an unknown id, is a 404.
 */
export async function lockGroup(tx: Transaction, workspaceId: string, groupId: string) {
  const [group] = await tx
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.workspaceId, workspaceId)))
    .for("update");
  if (!group) throw groupNotFound();
  return group;
}
