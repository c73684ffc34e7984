import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { apiKeys, workspaceMembers } from "@/db/schema";
import type { Transaction } from "@/lib/db";

/**
 * Takes a person out of a workspace, in the caller's transaction: their membership (and with it
 * their calendar feed of the workspace) goes, and the API keys they made there are revoked, so
 * neither a session nor a key of theirs reaches the workspace from the next request. What they
 * created (contacts, reminders) stays the workspace's and keeps going.
 */
export async function endMembership(tx: Transaction, workspaceId: string, userId: string, now: Date) {
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(
      and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)),
    );
}
