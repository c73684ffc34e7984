import "server-only";
import { count, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { db, type Transaction } from "@/lib/db";
import { GROUP_LIMIT, type CreateGroupInput } from "@/lib/validations/group";
import { duplicateGroupNameOr, groupLimitReached } from "./group-errors";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";
import { insertGroupMembers } from "./insert-group-members";
import { lockOwnContacts } from "./lock-own-contacts";

/**
 * Creates a group in the caller's transaction. The workspace's row is locked while counting, so
 * concurrent creates cannot pass GROUP_LIMIT; a name the workspace already has (whatever its case)
 * is refused by the unique index. Returns the new group's id.
 */
export async function insertGroup(tx: Transaction, workspaceId: string, name: string): Promise<string> {
  await lockWorkspace(tx, workspaceId);
  const [{ kept }] = await tx
    .select({ kept: count() })
    .from(contactGroups)
    .where(eq(contactGroups.workspaceId, workspaceId));
  if (kept >= GROUP_LIMIT) throw groupLimitReached();
  // A savepoint: the unique violation becomes a 409 without aborting a caller's transaction.
  const [row] = await tx
    .transaction((sp) =>
      sp.insert(contactGroups).values({ workspaceId, name }).returning({ id: contactGroups.id }),
    )
    .catch(duplicateGroupNameOr);
  return row.id;
}

/**
 * POST /api/groups: a named group and optionally its first members (all the user's contacts,
 * else a 404 and no group). A new group has no group reminder yet, so nothing is scheduled.
 */
export async function createGroup(actor: Actor, input: CreateGroupInput): Promise<GroupView> {
  const workspaceId = actor.workspace.id;
  return db.transaction(async (tx) => {
    const id = await insertGroup(tx, workspaceId, input.name);
    if (input.contactIds?.length) {
      const ids = await lockOwnContacts(tx, workspaceId, input.contactIds);
      await insertGroupMembers(tx, workspaceId, id, ids);
    }
    await recordWorkspaceEvent(tx, workspaceId, actor, {
      kind: "group.created",
      subjectId: id,
      details: { name: input.name, members: input.contactIds?.length ?? 0 },
    });
    return getGroup(workspaceId, id, tx);
  });
}
