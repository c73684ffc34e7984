import "server-only";
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
  userId: string,
  groupId: string,
  input: GroupMembersInput,
  now = new Date(),
): Promise<{ group: GroupView; removed: number }> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, userId, groupId);
    const ids = await lockOwnContacts(tx, userId, input.contactIds);
    const removed = await tx
      .delete(contactGroupMembers)
      .where(and(eq(contactGroupMembers.groupId, groupId), inArray(contactGroupMembers.contactId, ids)))
      .returning({ contactId: contactGroupMembers.contactId });
    if (removed.length > 0) await syncGroupReminders(tx, { userId, groupId }, now);
    return { group: await getGroup(userId, groupId, tx), removed: removed.length };
  });
}
