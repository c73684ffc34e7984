import "server-only";
import { and, count, eq, gt, isNull } from "drizzle-orm";
import { workspaceInvitations, workspaceMembers } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

export interface SeatsUsed {
  members: number;
  /** Invitations sent and still open (neither accepted, revoked nor expired): each holds a seat. */
  invitations: number;
  total: number;
}

/**
 * The seats a workspace fills: its members and its open invitations. Compared with `seatLimit`
 * before an invitation is sent; run it in the inviting transaction, after locking the workspace
 * row, so two invitations at once cannot both take the last seat.
 */
export async function countSeatsUsed(
  executor: DbOrTx,
  workspaceId: string,
  now = new Date(),
): Promise<SeatsUsed> {
  const [[members], [invitations]] = await Promise.all([
    executor
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId)),
    executor
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
  const used = { members: members?.n ?? 0, invitations: invitations?.n ?? 0 };
  return { ...used, total: used.members + used.invitations };
}
