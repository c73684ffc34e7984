import "server-only";
import { count, eq } from "drizzle-orm";
import { contactGroups } from "@/db/schema";
import type { User } from "@/db/schema";
import { lockContactOwner } from "@/lib/contacts/lock-contact-owner";
import { db, type Transaction } from "@/lib/db";
import { GROUP_LIMIT, type CreateGroupInput } from "@/lib/validations/group";
import { duplicateGroupNameOr, groupLimitReached } from "./group-errors";
import { getGroup } from "./get-group";
import type { GroupView } from "./group-view";
import { insertGroupMembers } from "./insert-group-members";
import { lockOwnContacts } from "./lock-own-contacts";

/**
 * Creates a group in the caller's transaction. The owner's row is locked while counting, so
 * concurrent creates cannot pass GROUP_LIMIT; a name the user already has (whatever its case)
 * is refused by the unique index. Returns the new group's id.
 */
export async function insertGroup(tx: Transaction, userId: string, name: string): Promise<string> {
  await lockContactOwner(tx, userId);
  const [{ kept }] = await tx
    .select({ kept: count() })
    .from(contactGroups)
    .where(eq(contactGroups.userId, userId));
  if (kept >= GROUP_LIMIT) throw groupLimitReached();
  // A savepoint: the unique violation becomes a 409 without aborting a caller's transaction.
  const [row] = await tx
    .transaction((sp) =>
      sp.insert(contactGroups).values({ userId, name }).returning({ id: contactGroups.id }),
    )
    .catch(duplicateGroupNameOr);
  return row.id;
}

/**
 * POST /api/groups: a named group and optionally its first members (all the user's contacts,
 * else a 404 and no group). A new group has no group reminder yet, so nothing is scheduled.
 */
export async function createGroup(user: User, input: CreateGroupInput): Promise<GroupView> {
  return db.transaction(async (tx) => {
    const id = await insertGroup(tx, user.id, input.name);
    if (input.contactIds?.length) {
      const ids = await lockOwnContacts(tx, user.id, input.contactIds);
      await insertGroupMembers(tx, user.id, id, ids);
    }
    return getGroup(user.id, id, tx);
  });
}
