import { userRoute } from "@/lib/api/route";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { invitationTokenParams } from "@/lib/validations/team";

/**
 * The accept page's button: the signed-in person joins the invitation's workspace. Their role in
 * the workspace they act in now does not matter ("read": any), the invitation is the authority.
 */
export const POST = userRoute(
  { permission: "read", params: invitationTokenParams },
  async ({ actor, params }) => acceptInvitation(actor.user, params.token),
);
