import "server-only";
import { and, eq } from "drizzle-orm";
import { workspaceMembers } from "@/db/schema";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { findMember } from "./find-member";
import { TEAM_ERRORS } from "./team-errors";

/**
 * The owner hands the workspace (its billing, its deletion) to another member, becoming an admin,
 * in one transaction: there is exactly one owner before and after. The subscription and its
 * customer stay with the workspace.
 */
export async function transferOwnership(actor: Actor, userId: string, now = new Date()): Promise<void> {
  const workspaceId = actor.workspace.id;
  if (userId === actor.user.id) throw TEAM_ERRORS.memberNotFound();
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const member = await findMember(tx, workspaceId, userId);
    const membership = (id: string) =>
      and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, id));
    // The old owner steps down first: one owner at a time (workspace_members_one_owner_key).
    await tx.update(workspaceMembers).set({ role: "admin" }).where(membership(actor.user.id));
    await tx.update(workspaceMembers).set({ role: "owner" }).where(membership(userId));
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      {
        kind: "workspace.ownership_transferred",
        subjectId: userId,
        details: { email: member.email, from: member.role },
      },
      now,
    );
  });
}
