import "server-only";
import { contactGroupMembers } from "@/db/schema";
import type { Transaction } from "@/lib/db";

/** Rows written per statement: the most a request may add (GROUP_MEMBERS_PER_REQUEST) is five. */
const CHUNK = 1000;

/**
 * Adds contacts (already checked to be the user's) to a locked group, in the caller's
 * transaction. A contact already in it stays as it was. Returns how many joined.
 */
export async function insertGroupMembers(
  tx: Transaction,
  workspaceId: string,
  groupId: string,
  contactIds: string[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < contactIds.length; i += CHUNK) {
    const rows = await tx
      .insert(contactGroupMembers)
      .values(contactIds.slice(i, i + CHUNK).map((contactId) => ({ groupId, contactId, workspaceId })))
      .onConflictDoNothing()
      .returning({ contactId: contactGroupMembers.contactId });
    added += rows.length;
  }
  return added;
}
