import { userRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/http/public-origin";
import { RATE_LIMITS } from "@/lib/security/rate-limit";
import { inviteMember } from "@/lib/team/invite-member";
import { listInvitations } from "@/lib/team/list-invitations";
import { inviteMemberSchema } from "@/lib/validations/team";

export const GET = userRoute({ permission: "read" }, async ({ actor }) => ({
  invitations: await listInvitations(actor.workspace.id),
}));

/** Sends the invitation e-mail (the dev outbox without SMTP); each one costs an e-mail, hence the limit. */
export const POST = userRoute(
  { permission: "manage_members", body: inviteMemberSchema, status: 201, rateLimit: RATE_LIMITS.invitation },
  async ({ actor, body, request }) => inviteMember(actor, body, publicOrigin(request.headers)),
);
