import "server-only";
import { REACH_COLUMNS } from "@/lib/contacts/reach-columns";
import type { DeliveryMethod } from "@/db/schema/enums";
import { and, eq } from "drizzle-orm";
import { contactGroupMembers, contactGroups, contacts } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { DomainError, notFound } from "@/lib/errors/domain-error";
import type { Problem } from "@/lib/errors/error-codes";
import { groupReach, type GroupReach } from "@/lib/contacts/channel-reach";

export const GROUP_ERRORS = {
  notFound: { code: "group_not_found", message: "Group not found" },
  empty: {
    code: "group_empty",
    message: "This group has no members yet: add contacts to it before sending it a reminder.",
  },
  unreachable: {
    code: "group_unreachable",
    message:
      "No member of this group can be reached on the chosen channels: add their addresses or choose other channels.",
  },
} as const satisfies Record<string, Problem>;

export interface ReminderGroup extends GroupReach {
  id: string;
  name: string;
}

const unprocessable = (problem: Problem) => new DomainError("unprocessable", problem);

/** The reach of a group's current members over a chain, without locking (an edit's "before"). */
export async function readGroupReach(
  tx: DbOrTx,
  groupId: string,
  chain: readonly DeliveryMethod[],
): Promise<GroupReach> {
  const members = await tx
    .select(REACH_COLUMNS)
    .from(contactGroupMembers)
    .innerJoin(contacts, eq(contacts.id, contactGroupMembers.contactId))
    .where(eq(contactGroupMembers.groupId, groupId));
  return groupReach(members, chain);
}

/**
 * The user's group a reminder is made for, locked (`for update`) until the transaction ends so
 * its membership cannot change between this check and the member reminders' sync, with one
 * occurrence's reach over the chain. Refused: another user's or an unknown group (404
 * group_not_found), a group without members (422 group_empty), a group no channel of the chain
 * reaches anyone in (422 group_unreachable). Writes nothing.
 */
export async function lockReminderGroup(
  tx: DbOrTx,
  workspaceId: string,
  groupId: string,
  chain: readonly DeliveryMethod[],
): Promise<ReminderGroup> {
  const [group] = await tx
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.workspaceId, workspaceId)))
    .for("update");
  if (!group) throw notFound(GROUP_ERRORS.notFound);
  const reach = await readGroupReach(tx, group.id, chain);
  if (reach.members === 0) throw unprocessable(GROUP_ERRORS.empty);
  if (reach.reachable === 0) throw unprocessable(GROUP_ERRORS.unreachable);
  return { ...group, ...reach };
}

/**
 * Takes the group row's lock before an edit locks its reminder, so that writers meet in one
 * order (user, group, reminder: a membership change holds the group while it syncs the group's
 * reminders). Nothing is checked here: lockReminderGroup checks it afterwards.
 */
export async function lockGroupRow(tx: DbOrTx, workspaceId: string, groupId: string): Promise<void> {
  await tx
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.workspaceId, workspaceId)))
    .for("update");
}
