import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { and, eq, inArray } from "drizzle-orm";
import { contactGroupMembers } from "@/db/schema";
import { db } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import type { GroupMembersInput } from "@/lib/validations/group";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";
import { lockGroup } from "./lock-group";
import { lockOwnContacts } from "./lock-own-contacts";

/**
 * POST /api/groups/{id}/members/remove: takes the user's contacts out of the group (one not in
 * it is no change) and stops their member reminders of the group's reminders (their history
 * stays), in one transaction. Another user's group, or any id that is not one of the user's
 * contacts, is a 404 and nothing changes.
 */
export async function removeGroupMembers(
  actor: Actor,
  groupId: string,
  input: GroupMembersInput,
  now = new Date(),
): Promise<{ group: GroupView; removed: number }> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, workspaceId, groupId);
    const ids = await lockOwnContacts(tx, workspaceId, input.contactIds);
    const removed = await tx
      .delete(contactGroupMembers)
      .where(and(eq(contactGroupMembers.groupId, groupId), inArray(contactGroupMembers.contactId, ids)))
      .returning({ contactId: contactGroupMembers.contactId });
    if (removed.length > 0) {
      await syncGroupReminders(tx, { workspaceId, groupId }, now);
      await recordWorkspaceEvent(tx, workspaceId, actor, {
        kind: "group.members_changed",
        subjectId: groupId,
        details: { removed: removed.length, name: group.name },
      });
    }
    return { group: await getGroup(workspaceId, groupId, tx), removed: removed.length };
  });
}
