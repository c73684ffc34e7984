import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users, workspaceInvitations } from "@/db/schema";
import { db } from "@/lib/db";
import { displayName } from "@/lib/users/display-name";
import { toInvitationView, type InvitationView } from "./invitation-view";

const inviter = alias(users, "inviter");

/** Invitations not yet accepted nor withdrawn (expired ones too: they can be sent again), newest first. */
export async function listInvitations(workspaceId: string, now = new Date()): Promise<InvitationView[]> {
  const rows = await db
    .select({ invitation: workspaceInvitations, inviter })
    .from(workspaceInvitations)
    .leftJoin(inviter, eq(inviter.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
  return rows.map((row) =>
    toInvitationView(row.invitation, row.inviter ? displayName(row.inviter) || row.inviter.email : null, now),
  );
}
