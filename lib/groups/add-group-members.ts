import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { db } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import type { GroupMembersInput } from "@/lib/validations/group";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";
import { insertGroupMembers } from "./insert-group-members";
import { lockGroup } from "./lock-group";
import { lockOwnContacts } from "./lock-own-contacts";

/**
 * POST /api/groups/{id}/members: adds the user's contacts to the group (one already in it is
 * left as it is) and gives each joiner a member reminder of the group's live group reminders,
 * from their next occurrence, in one transaction. Another user's group, or any id that is not
 * one of the user's contacts, is a 404 and nothing changes.
 */
export async function addGroupMembers(
  actor: Actor,
  groupId: string,
  input: GroupMembersInput,
  now = new Date(),
): Promise<{ group: GroupView; added: number }> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, workspaceId, groupId);
    const ids = await lockOwnContacts(tx, workspaceId, input.contactIds);
    const added = await insertGroupMembers(tx, workspaceId, groupId, ids);
    if (added > 0) {
      await syncGroupReminders(tx, { workspaceId, groupId }, now);
      await recordWorkspaceEvent(tx, workspaceId, actor, {
        kind: "group.members_changed",
        subjectId: groupId,
        details: { added, name: group.name },
      });
    }
    return { group: await getGroup(workspaceId, groupId, tx), added };
  });
}
