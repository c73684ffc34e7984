import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers } from "@/db/schema";
import type { InvitableRole } from "@/db/schema/enums";
import { toLocale } from "@/i18n/locales";
import { db } from "@/lib/db";
import { seatLimit } from "@/lib/plans/seat-limit";
import { displayName } from "@/lib/users/display-name";
import type { Actor } from "@/lib/workspaces/actor";
import { lockWorkspace } from "@/lib/workspaces/lock-workspace";
import { recordWorkspaceEvent } from "@/lib/workspaces/record-workspace-event";
import { INVITATION_DAYS, invitationUrl, newInvitationToken } from "./invitation-token";
import { toInvitationView, type InvitationView } from "./invitation-view";
import { seatsTaken } from "./seats-taken";
import { sendInvitationEmail } from "./send-invitation-email";
import { TEAM_ERRORS } from "./team-errors";

export interface InviteInput {
  email: string;
  role: InvitableRole;
}

const DAY_MS = 86_400_000;

/**
 * Settings → Team's invitation: a link e-mailed to `email` that joins it to the workspace with
 * `role` once accepted, valid INVITATION_DAYS. Under the workspace's row lock, the members and
 * open invitations must leave a seat (else `seat_limit`, with the way to add one); a member's
 * address is a 409. Inviting an address again replaces its open invitation (a new link, a new
 * date): one open invitation per address.
 */
export async function inviteMember(
  actor: Actor,
  input: InviteInput,
  origin: string,
  now = new Date(),
): Promise<InvitationView> {
  const workspaceId = actor.workspace.id;
  const email = input.email.trim().toLowerCase();
  const { token, hash } = newInvitationToken();
  const row = await db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    const [member] = await tx
      .select({ id: users.id })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
    if (member) throw TEAM_ERRORS.alreadyMember();
    // An open invitation to the same address is replaced, so it takes no second seat.
    await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          sql`lower(${workspaceInvitations.email}) = ${email}`,
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      );
    const taken = await seatsTaken(tx, workspaceId, now);
    const seats = seatLimit(workspace);
    if (taken.members + taken.invited >= seats) throw TEAM_ERRORS.seatLimit(seats);
    const [created] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        email,
        role: input.role,
        tokenHash: hash,
        invitedBy: actor.user.id,
        createdAt: now,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    await recordWorkspaceEvent(
      tx,
      workspaceId,
      actor,
      { kind: "member.invited", subjectId: created.id, details: { email, role: input.role } },
      now,
    );
    return created;
  });
  const inviterName = displayName(actor.user) || actor.user.email;
  await sendInvitationEmail({
    to: email,
    url: invitationUrl(origin, token),
    workspaceName: actor.workspace.name,
    inviterName,
    role: input.role,
    locale: toLocale(actor.user.locale),
    workspaceId,
  });
  return toInvitationView(row, inviterName, now);
}
