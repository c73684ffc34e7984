import "server-only";
import { and, eq } from "drizzle-orm";
import { workspaceMembers, type User } from "@/db/schema";
import type { WorkspaceRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { invitationTokenParams } from "@/lib/validations/team";
import { findInvitation, type InvitationDetails } from "./find-invitation";

/** What `/invitations/<token>` shows, by who opens it. */
export type InvitationPageState =
  /** No invitation has (or had) this token: nothing more is said. */
  | { kind: "invalid" }
  | { kind: "expired" | "revoked"; workspaceName: string }
  /** Used, and whoever opens it is not a member of its workspace. */
  | { kind: "accepted" }
  /** Used, and the person signed in is a member of its workspace. */
  | { kind: "member"; workspaceId: string; workspaceName: string; role: WorkspaceRole }
  | { kind: "signed_out"; invitation: InvitationDetails }
  /** Signed in with the address invited: the Join button. */
  | { kind: "join"; invitation: InvitationDetails }
  | { kind: "other_account"; invitation: InvitationDetails; signedInAs: string };

/**
 * The accept page's state for `token`, opened by `user` (null: signed out). An open invitation
 * is for the address it was sent to, compared without case as the sign-in compares addresses.
 */
export async function invitationPageState(
  token: string,
  user: User | null,
  now = new Date(),
): Promise<InvitationPageState> {
  if (!invitationTokenParams.safeParse({ token }).success) return { kind: "invalid" };
  const invitation = await findInvitation(token, now);
  if (!invitation) return { kind: "invalid" };
  const { status, workspaceId, workspaceName } = invitation;
  if (status === "expired" || status === "revoked") return { kind: status, workspaceName };
  if (status === "accepted") {
    if (!user) return { kind: "accepted" };
    const [member] = await db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, user.id)));
    return member
      ? { kind: "member", workspaceId, workspaceName, role: member.role as WorkspaceRole }
      : { kind: "accepted" };
  }
  if (!user) return { kind: "signed_out", invitation };
  if (user.email.toLowerCase() !== invitation.email.toLowerCase())
    return { kind: "other_account", invitation, signedInAs: user.email };
  return { kind: "join", invitation };
}
