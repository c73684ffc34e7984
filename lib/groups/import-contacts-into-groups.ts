import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { Actor } from "@/lib/workspaces/actor";
import { importContacts, type ImportResult, type RowOutcome } from "@/lib/contacts/import-contacts";
import type { Transaction } from "@/lib/db";
import { syncGroupReminders } from "@/lib/reminders/sync-group-reminders";
import { rowGroupNames, type ImportBody } from "@/lib/validations/contact-import";
import { insertGroup } from "./create-group";
import { findOrCreateGroups, type NamedGroup } from "./find-or-create-groups";
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

/** A group an import put contacts into (or created), with its member count after the import. */
export interface ImportedGroup {
  id: string;
  name: string;
  memberCount: number;
  /** Contacts that joined it: imported ones, and existing ones a row matched. */
  added: number;
  /** Whether the import created it (the dialog's new group, or a name no group had). */
  created: boolean;
}

export interface GroupImportResult extends ImportResult {
  /** With `groupId` or `newGroupName`: that group (null without one), its member count after the import. */
  group?: GroupView | null;
  /** With `groupId` or `newGroupName`: the contacts that joined that group. */
  addedToGroup?: number;
  /** Every group the import filled: the chosen one first, then those the rows name, as first named. */
  groups: ImportedGroup[];
}

/** Where each group's members come from, in the order the answer lists the groups. */
type Joiners = Map<string, { created: boolean; ids: Set<string> }>;

/** The contact a row's outcome stands for: the one imported, or the one it matched that is still there. */
const contactOf = (row: RowOutcome, kept: Set<string>): string | undefined =>
  row.outcome.ok
    ? row.outcome.id
    : row.outcome.existingId && kept.has(row.outcome.existingId)
      ? row.outcome.existingId
      : undefined;

/**
 * POST /api/contacts/import: the import, and in its transaction its groups. With `groupId` or
 * `newGroupName` (created, under the group limit and its unique name) every contact of the file
 * joins that group; a row's `groups` put its contact into those groups too, found by name
 * whatever the case or created. A contact the import made and an existing contact a row matched
 * by e-mail or phone (reported as a duplicate, yet in the group) both join. Joiners get member
 * reminders of the groups' live group reminders. A refusal (an unknown group, a taken name, the
 * limit) undoes the whole import. Without any group, this is importContacts.
 */
export async function importContactsIntoGroups(
  actor: Actor,
  body: ImportBody,
  now = new Date(),
): Promise<ImportResult | GroupImportResult> {
  const chosen = Boolean(body.groupId || body.newGroupName);
  if (!chosen && !body.rows.some((row) => rowGroupNames(row).length > 0))
    return importContacts(actor, body.rows);
  const workspaceId = actor.workspace.id;
  // Answered before any row is read: another workspace's group, like an unknown one, is a 404.
  if (body.groupId) await getGroup(workspaceId, body.groupId);
  let chosenGroup: GroupView | null = null;
  let addedToChosen = 0;
  const groups: ImportedGroup[] = [];
  const result = await importContacts(actor, body.rows, async (tx, rows) => {
    // The workspace's row is already locked by the import; groups come second, as everywhere.
    const joiners: Joiners = new Map();
    const chosenId =
      body.groupId ?? (body.newGroupName ? await insertGroup(tx, workspaceId, body.newGroupName) : null);
    if (chosenId) joiners.set(chosenId, { created: Boolean(body.newGroupName), ids: new Set() });
    // Existing contacts are held as an add of members holds them; one deleted meanwhile is left out.
    const matched = rows.flatMap((r) =>
      !r.outcome.ok && r.outcome.existingId ? [r.outcome.existingId] : [],
    );
    const kept = new Set(matched.length > 0 ? await holdExistingContacts(tx, workspaceId, matched) : []);
    const placed = rows.flatMap((row) => {
      const contactId = contactOf(row, kept);
      return contactId ? [{ contactId, groups: row.groups }] : [];
    });
    const allNames = placed.flatMap((p) => p.groups);
    const named =
      allNames.length > 0
        ? await findOrCreateGroups(tx, workspaceId, allNames)
        : new Map<string, NamedGroup>();
    for (const { contactId, groups: names } of placed) {
      if (chosenId) joiners.get(chosenId)?.ids.add(contactId);
      for (const name of names) {
        const group = named.get(name);
        if (!group) continue;
        const entry = joiners.get(group.id) ?? { created: group.created, ids: new Set<string>() };
        entry.ids.add(contactId);
        joiners.set(group.id, entry);
      }
    }
    const added = new Map<string, number>();
    // One lock order for every import (by id): two imports naming the same groups take turns.
    for (const groupId of [...joiners.keys()].sort()) {
      await lockGroup(tx, workspaceId, groupId);
      const ids = [...(joiners.get(groupId)?.ids ?? [])];
      const count = ids.length > 0 ? await insertGroupMembers(tx, workspaceId, groupId, ids) : 0;
      if (count > 0) await syncGroupReminders(tx, { workspaceId, groupId }, now);
      added.set(groupId, count);
    }
    for (const [groupId, { created }] of joiners) {
      const view = await getGroup(workspaceId, groupId, tx);
      if (groupId === chosenId) {
        chosenGroup = view;
        addedToChosen = added.get(groupId) ?? 0;
      }
      const { id, name, memberCount } = view;
      groups.push({ id, name, memberCount, added: added.get(groupId) ?? 0, created });
    }
  });
  return chosen
    ? { ...result, group: chosenGroup, addedToGroup: addedToChosen, groups }
    : { ...result, groups };
}
