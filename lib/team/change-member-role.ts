import "server-only";
import { and, eq } from "drizzle-orm";
import { workspaceMembers } from "@/db/schema";
import type { InvitableRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { findMember } from "./find-member";
import { TEAM_ERRORS } from "./team-errors";

/** Gives a member (not the owner: ownership moves by a transfer) another role, from their next request. */
export async function changeMemberRole(
  actor: Actor,
  userId: string,
  role: InvitableRole,
  now = new Date(),
): Promise<void> {
  const workspaceId = actor.workspace.id;
  await db.transaction(async (tx) => {
    const member = await findMember(tx, workspaceId, userId);
    if (member.role === "owner") throw TEAM_ERRORS.ownerIsFixed();
    if (member.role === role) return;
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      {
        kind: "member.role_changed",
        subjectId: userId,
        details: { email: member.email, from: member.role, to: role },
      },
      now,
    );
  });
}
