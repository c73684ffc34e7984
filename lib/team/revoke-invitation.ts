import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { workspaceInvitations } from "@/db/schema";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { TEAM_ERRORS } from "./team-errors";

/** Withdraws an open invitation: its link answers "withdrawn" from now on, and its seat is free. */
export async function revokeInvitation(actor: Actor, id: string, now = new Date()): Promise<void> {
  const workspaceId = actor.workspace.id;
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(workspaceInvitations.id, id),
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ email: workspaceInvitations.email });
    if (!revoked) throw TEAM_ERRORS.invitationNotFound();
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      { kind: "invitation.revoked", subjectId: id, details: { email: revoked.email } },
      now,
    );
  });
}
