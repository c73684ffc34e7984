import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { workspaceInvitations } from "@/db/schema";
import { toLocale } from "@/i18n/locales";
import { db } from "@/lib/db";
import { displayName } from "@/lib/users/display-name";
import type { Actor } from "@/lib/workspaces/actor";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { INVITATION_DAYS, invitationUrl, newInvitationToken } from "./invitation-token";
import { toInvitationView, type InvitationView } from "./invitation-view";
import { sendInvitationEmail } from "./send-invitation-email";
import { TEAM_ERRORS } from "./team-errors";

/**
 * Sends an invitation again with a new link and a new INVITATION_DAYS (the old link stops
 * working). An expired one may be resent; an accepted or revoked one is not found.
 */
export async function resendInvitation(
  actor: Actor,
  id: string,
  origin: string,
  now = new Date(),
): Promise<InvitationView> {
  const workspaceId = actor.workspace.id;
  const { token, hash } = newInvitationToken();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(workspaceInvitations)
      .set({
        tokenHash: hash,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      })
      .where(
        and(
          eq(workspaceInvitations.id, id),
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning();
    if (!updated) throw TEAM_ERRORS.invitationNotFound();
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      { kind: "invitation.resent", subjectId: id, details: { email: updated.email } },
      now,
    );
    return updated;
  });
  const inviterName = displayName(actor.user) || actor.user.email;
  await sendInvitationEmail({
    to: row.email,
    url: invitationUrl(origin, token),
    workspaceName: actor.workspace.name,
    inviterName,
    role: row.role as InvitationView["role"],
    locale: toLocale(actor.user.locale),
    workspaceId,
  });
  return toInvitationView(row, inviterName, now);
}
