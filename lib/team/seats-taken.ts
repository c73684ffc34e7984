import "server-only";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { workspaceInvitations, workspaceMembers } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/**
 * Seats a workspace has spoken for: its members, and invitations still open (neither accepted,
 * revoked nor expired), each of which becomes a member when accepted.
 */
export async function seatsTaken(client: DbOrTx, workspaceId: string, now = new Date()) {
  const [[members], [invited]] = await Promise.all([
    client.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId)),
    client
      .select({ n: count() })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
          gt(workspaceInvitations.expiresAt, now),
        ),
      ),
  ]);
  return { members: members.n, invited: invited.n };
}
