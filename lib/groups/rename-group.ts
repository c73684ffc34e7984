import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import { db } from "@/lib/db";
import type { RenameGroupInput } from "@/lib/validations/group";
import { duplicateGroupNameOr, groupNotFound } from "./group-errors";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";

/** PATCH /api/groups/{id}: a new name; one the user already has is a 409, another user's group a 404. */
export async function renameGroup(
  actor: Actor,
  groupId: string,
  input: RenameGroupInput,
): Promise<GroupView> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const renamed = await tx
      .update(contactGroups)
      .set({ name: input.name, updatedAt: new Date() })
      .where(and(eq(contactGroups.id, groupId), eq(contactGroups.workspaceId, workspaceId)))
      .returning({ id: contactGroups.id })
      .catch(duplicateGroupNameOr);
    if (renamed.length === 0) throw groupNotFound();
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "group.renamed",
      subjectId: groupId,
      details: { name: input.name },
    });
    return getGroup(workspaceId, groupId, tx);
  });
}
