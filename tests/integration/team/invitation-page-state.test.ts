import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, workspaceInvitations, workspaceMembers } from "@/db/schema";
import type { InvitableRole } from "@/db/schema/enums";
import { db } from "@/lib/db";
import { newInvitationToken } from "@/lib/team/invitation-token";
import { invitationPageState } from "@/lib/team/invitation-page-state";
import { createSignedInMember, createSignedInUser } from "../../support/users";

const DAY = 86_400_000;

/** Ana's workspace (named, shared) and an invitation to `email` in it, with its link's token. */
async function invite(
  email: string,
  role: InvitableRole = "member",
  fields: Partial<typeof workspaceInvitations.$inferInsert> = {},
) {
  const ana = await createSignedInUser({ firstName: "Ana", lastName: "Díaz" });
  const { token, hash } = newInvitationToken();
  const [invitation] = await db
    .insert(workspaceInvitations)
    .values({
      workspaceId: ana.workspace.id,
      email,
      role,
      tokenHash: hash,
      invitedBy: ana.user.id,
      expiresAt: new Date(Date.now() + 7 * DAY),
      ...fields,
    })
    .returning();
  return { ana, token, invitation };
}

describe("the invitation page's state", () => {
  it("says only 'not valid' for a malformed token and for one no invitation has", async () => {
    const { ana } = await invite("luis@example.com");
    expect(await invitationPageState("short", ana.user)).toEqual({ kind: "invalid" });
    expect(await invitationPageState(newInvitationToken().token, null)).toEqual({ kind: "invalid" });
    expect(await invitationPageState(newInvitationToken().token, ana.user)).toEqual({ kind: "invalid" });
  });

  it("shows an open invitation to a visitor signed out: who invited whom, where, as what", async () => {
    const { ana, token } = await invite("Luis@Example.com", "viewer");
    const state = await invitationPageState(token, null);
    expect(state).toMatchObject({
      kind: "signed_out",
      invitation: {
        workspaceId: ana.workspace.id,
        workspaceName: ana.workspace.name,
        inviterName: "Ana Díaz",
        email: "Luis@Example.com",
        role: "viewer",
        status: "open",
      },
    });
  });

  it("offers Join to the address invited, whatever its case, and sign-out to anyone else", async () => {
    const { ana, token } = await invite("luis@example.com");
    const luis = await createSignedInUser({ email: "LUIS@example.com" });
    expect(await invitationPageState(token, luis.user)).toMatchObject({ kind: "join" });
    expect(await invitationPageState(token, ana.user)).toMatchObject({
      kind: "other_account",
      signedInAs: ana.user.email,
      invitation: { email: "luis@example.com" },
    });
  });

  it("says an invitation expired or was withdrawn, naming its workspace", async () => {
    const expired = await invite("old@example.com", "member", { expiresAt: new Date(Date.now() - 1000) });
    expect(await invitationPageState(expired.token, null)).toEqual({
      kind: "expired",
      workspaceName: expired.ana.workspace.name,
    });
    const revoked = await invite("gone@example.com", "member", { revokedAt: new Date() });
    const luis = await createSignedInUser({ email: "gone@example.com" });
    expect(await invitationPageState(revoked.token, luis.user)).toEqual({
      kind: "revoked",
      workspaceName: revoked.ana.workspace.name,
    });
  });

  it("offers its member to open the workspace of a used invitation; anyone else learns only that it was used", async () => {
    const { ana, token, invitation } = await invite("luis@example.com");
    const luis = await createSignedInMember(ana.workspace, "admin", { email: "luis@example.com" });
    await db
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: luis.user.id })
      .where(eq(workspaceInvitations.id, invitation.id));
    expect(await invitationPageState(token, luis.user)).toEqual({
      kind: "member",
      workspaceId: ana.workspace.id,
      workspaceName: ana.workspace.name,
      role: "admin",
    });
    expect(await invitationPageState(token, null)).toEqual({ kind: "accepted" });
    const stranger = await createSignedInUser();
    expect(await invitationPageState(token, stranger.user)).toEqual({ kind: "accepted" });
    // Removed since: no longer a member, so no way in.
    await db
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, ana.workspace.id), eq(workspaceMembers.userId, luis.user.id)),
      );
    const [again] = await db.select().from(users).where(eq(users.id, luis.user.id));
    expect(await invitationPageState(token, again)).toEqual({ kind: "accepted" });
  });
});
