import "server-only";
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
  userId: string,
  groupId: string,
  input: GroupMembersInput,
  now = new Date(),
): Promise<{ group: GroupView; added: number }> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, userId, groupId);
    const ids = await lockOwnContacts(tx, userId, input.contactIds);
    const added = await insertGroupMembers(tx, userId, groupId, ids);
    if (added > 0) await syncGroupReminders(tx, { userId, groupId }, now);
    return { group: await getGroup(userId, groupId, tx), added };
  });
}
