import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { endMembership } from "./end-membership";
import { findMember } from "./find-member";
import { TEAM_ERRORS } from "./team-errors";

/**
 * Removes a member (not the owner, not oneself: one leaves instead). Their access ends with the
 * next request; their reminders keep going.
 */
export async function removeMember(actor: Actor, userId: string, now = new Date()): Promise<void> {
  const workspaceId = actor.workspace.id;
  if (userId === actor.user.id) throw TEAM_ERRORS.memberNotFound();
  await db.transaction(async (tx) => {
    const member = await findMember(tx, workspaceId, userId);
    if (member.role === "owner") throw TEAM_ERRORS.ownerIsFixed();
    await endMembership(tx, workspaceId, userId, now);
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      { kind: "member.removed", subjectId: userId, details: { email: member.email, role: member.role } },
      now,
    );
  });
}
