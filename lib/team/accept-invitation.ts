import "server-only";
import { and, count, eq } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers, type User } from "@/db/schema";
import { db } from "@/lib/db";
import { conflict, forbidden } from "@/lib/errors/domain-error";
import { seatLimit } from "@/lib/plans/seat-limit";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { findInvitation } from "./find-invitation";
import { TEAM_ERRORS } from "./team-errors";

/**
 * The accept page's button, signed in: `user` joins the invitation's workspace with its role and
 * acts in it from now on. Refused clearly when the link is unknown (404), already used, withdrawn
 * or expired (409), or opened by another address than the one invited (403); the seats are
 * counted again, as the plan may have changed since the invitation was sent.
 */
export async function acceptInvitation(user: User, token: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const invitation = await findInvitation(token, now, tx, true);
    if (!invitation) throw TEAM_ERRORS.invitationNotFound();
    if (invitation.status === "accepted")
      throw conflict({ code: "invitation_used", message: "This invitation has already been accepted" });
    if (invitation.status === "revoked")
      throw conflict({ code: "invitation_revoked", message: "This invitation was withdrawn" });
    if (invitation.status === "expired")
      throw conflict({ code: "invitation_expired", message: "This invitation has expired" });
    if (invitation.email.toLowerCase() !== user.email.toLowerCase())
      throw forbidden({
        code: "invitation_other_account",
        message: "This invitation is for another email address",
      });
    const workspace = await lockWorkspace(tx, invitation.workspaceId);
    const [existing] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, user.id)));
    if (!existing) {
      const [{ members }] = await tx
        .select({ members: count() })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspace.id));
      if (members >= seatLimit(workspace)) throw TEAM_ERRORS.seatLimit(seatLimit(workspace));
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: workspace.id, userId: user.id, role: invitation.role, createdAt: now });
    }
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(eq(workspaceInvitations.id, invitation.id));
    await tx.update(users).set({ currentWorkspaceId: workspace.id }).where(eq(users.id, user.id));
    const role = (existing?.role ?? invitation.role) as typeof invitation.role;
    await recordWorkspaceEvent(
      tx,
      workspace.id,
      { user, workspace, role },
      { kind: "member.joined", subjectId: user.id, details: { email: user.email, role } },
      now,
    );
    return { workspaceId: workspace.id, workspaceName: workspace.name, role };
  });
}
