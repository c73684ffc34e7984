import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { db } from "@/lib/db";
import { lockGroup } from "./lock-group";

/**
 * DELETE /api/groups/{id}. The contacts stay; the memberships and the group's reminders go with
 * it (foreign keys cascade: each group reminder, its member reminders and their delivery
 * history), so nothing more is sent to the group. Another user's group is a 404.
 */
export async function deleteGroup(actor: Actor, groupId: string): Promise<void> {
  const workspaceId = actor.workspace.id;
  await db.transaction(async (tx) => {
    // Locked first: a membership change or a group reminder being created finishes before.
    await lockGroup(tx, workspaceId, groupId);
    const [deleted] = await tx
      .delete(contactGroups)
      .where(and(eq(contactGroups.id, groupId), eq(contactGroups.workspaceId, workspaceId)))
      .returning({ name: contactGroups.name });
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "group.deleted",
      subjectId: groupId,
      details: { name: deleted?.name ?? null },
    });
  });
}
