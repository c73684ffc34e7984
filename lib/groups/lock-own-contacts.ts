import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { Transaction } from "@/lib/db";
import { contactNotFound } from "./group-errors";

/**
 * Checks that every id is one of the user's contacts and holds them (a key-share lock) until
 * the transaction ends, so a deletion running at the same time waits instead of leaving a
 * member row behind. Any unknown or foreign id is a 404 and nothing is written. Returns the
 * distinct ids.
 */
export async function lockOwnContacts(
  tx: Transaction,
  workspaceId: string,
  contactIds: string[],
): Promise<string[]> {
  const ids = [...new Set(contactIds)];
  const found = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, ids)))
    .orderBy(contacts.id)
    .for("key share");
  if (found.length !== ids.length) throw contactNotFound();
  return ids;
}
