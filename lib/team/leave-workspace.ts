import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { endMembership } from "./end-membership";
import { TEAM_ERRORS } from "./team-errors";

/**
 * The person leaves the workspace they act in (the owner cannot: they transfer ownership or
 * delete the workspace). Their next request acts in another workspace of theirs.
 */
export async function leaveWorkspace(actor: Actor, now = new Date()): Promise<void> {
  if (actor.role === "owner") throw TEAM_ERRORS.ownerCannotLeave();
  const workspaceId = actor.workspace.id;
  await db.transaction(async (tx) => {
    await endMembership(tx, workspaceId, actor.user.id, now);
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      { kind: "member.left", subjectId: actor.user.id, details: { email: actor.user.email } },
      now,
    );
  });
}
