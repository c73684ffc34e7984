import "server-only";
import type { Actor } from "@/lib/workspaces/actor";
import { restoreContact } from "@/lib/contacts/restore-contact";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import { lockGroup } from "./lock-group";

/**
 * POST /api/contacts/{id}/restore: the contact's Undo (lib/contacts/restore-contact.ts), and in
 * its transaction the contact's groups brought in line: a group reminder created while the
 * contact was deleted gives them a member reminder from its next occurrence, as a joiner gets.
 */
export async function restoreContactIntoGroups(actor: Actor, contactId: string, now = new Date()) {
  const workspaceId = actor.workspace.id;
  return restoreContact(actor, contactId, now, async (tx, groupIds) => {
    for (const groupId of [...groupIds].sort()) {
      await lockGroup(tx, workspaceId, groupId);
      await syncGroupReminders(tx, { workspaceId, groupId }, now);
    }
  });
}
