import "server-only";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users, workspaceInvitations, workspaces } from "@/db/schema";
import type { InvitableRole } from "@/db/schema/enums";
import { db, type DbOrTx } from "@/lib/db";
import { displayName } from "@/lib/users/display-name";
import { hashInvitationToken } from "./invitation-token";
import { invitationStatus, type InvitationView } from "./invitation-view";

/** What the accept page shows of an invitation link, whoever opens it. */
export interface InvitationDetails {
  id: string;
  workspaceId: string;
  workspaceName: string;
  inviterName: string | null;
  email: string;
  role: InvitableRole;
  status: InvitationView["status"];
  expiresAt: Date;
}

const inviter = alias(users, "inviter");

/** The invitation behind a link's token, or null for a token no invitation has (or had). */
export async function findInvitation(
  token: string,
  now = new Date(),
  client: DbOrTx = db,
  lock = false,
): Promise<InvitationDetails | null> {
  const query = client
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, inviter })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(inviter, eq(inviter.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashInvitationToken(token)));
  const [row] = lock ? await query.for("update", { of: workspaceInvitations }) : await query;
  if (!row) return null;
  const { invitation } = row;
  return {
    id: invitation.id,
    workspaceId: invitation.workspaceId,
    workspaceName: row.workspaceName,
    inviterName: row.inviter ? displayName(row.inviter) || row.inviter.email : null,
    email: invitation.email,
    role: invitation.role as InvitableRole,
    status: invitationStatus(invitation, now),
    expiresAt: invitation.expiresAt,
  };
}
