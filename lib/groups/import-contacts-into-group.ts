import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { Actor } from "@/lib/workspaces/actor";
import { importContacts, type ImportResult } from "@/lib/contacts/import-contacts";
import type { Transaction } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import type { ImportBody } from "@/lib/validations/contact-import";
import { insertGroup } from "./create-group";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";
import { insertGroupMembers } from "./insert-group-members";
import { lockGroup } from "./lock-group";

/** The ids still among the user's contacts, held (key share) until the transaction ends. */
async function holdExistingContacts(tx: Transaction, workspaceId: string, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, [...new Set(ids)])))
    .orderBy(contacts.id)
    .for("key share");
  return rows.map((r) => r.id);
}

export interface GroupImportResult extends ImportResult {
  /** The group the contacts went into (null without one), with its member count after the import. */
  group: GroupView | null;
  /** Contacts that joined the group: those imported, and those the file named that were already yours. */
  addedToGroup: number;
}

/**
 * POST /api/contacts/import with `groupId` or `newGroupName`: the import, and in its transaction
 * the group (a new one is created, under the group limit and its unique name) receiving every
 * contact imported and every existing contact a row matched by e-mail or phone (reported as a
 * duplicate, yet in the group), with member reminders of the group's live group reminders. A
 * refusal (an unknown group, a taken name, the limit) undoes the whole import.
 */
export async function importContactsIntoGroup(
  actor: Actor,
  body: ImportBody,
  now = new Date(),
): Promise<ImportResult | GroupImportResult> {
  if (!body.groupId && !body.newGroupName) return importContacts(actor, body.rows);
  const workspaceId = actor.workspace.id;
  // Answered before any row is read: another workspace's group, like an unknown one, is a 404.
  if (body.groupId) await getGroup(workspaceId, body.groupId);
  let group: GroupView | null = null;
  let addedToGroup = 0;
  const result = await importContacts(actor, body.rows, async (tx, outcomes) => {
    // The workspace's row is already locked by the import; the group's comes second, as everywhere.
    const groupId = body.groupId ?? (await insertGroup(tx, workspaceId, body.newGroupName ?? ""));
    await lockGroup(tx, workspaceId, groupId);
    const imported = outcomes.flatMap((o) => (o.ok ? [o.id] : []));
    const matched = outcomes.flatMap((o) => (!o.ok && o.existingId ? [o.existingId] : []));
    // Existing contacts are held as an add of members holds them; one deleted meanwhile is left out.
    const kept = matched.length > 0 ? await holdExistingContacts(tx, workspaceId, matched) : [];
    const ids = [...new Set([...imported, ...kept])];
    addedToGroup = ids.length > 0 ? await insertGroupMembers(tx, workspaceId, groupId, ids) : 0;
    if (addedToGroup > 0) await syncGroupReminders(tx, { workspaceId, groupId }, now);
    group = await getGroup(workspaceId, groupId, tx);
  });
  return { ...result, group, addedToGroup };
}
